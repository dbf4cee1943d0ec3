/* fchdir(): the runtime and wasi-libc change directory only by path, so the glue layer remembers
 * the path each directory descriptor was opened with (toybox's find returns to where it started
 * with fchdir before each -exec). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wasi/api.h>

#include "directoryPaths.h"

#define TRACKED 1024

static char *paths[TRACKED];

static int tracked(int fd) { return fd >= 0 && fd < TRACKED; }

static int is_directory(int fd) {
  __wasi_fdstat_t stat;
  return !__wasi_fd_fdstat_get((__wasi_fd_t)fd, &stat) &&
         stat.fs_filetype == __WASI_FILETYPE_DIRECTORY;
}

void forget_directory(int fd) {
  if (!tracked(fd)) return;
  free(paths[fd]);
  paths[fd] = NULL;
}

void remember_directory(int fd, int directory, const char *path) {
  if (!tracked(fd)) return;
  forget_directory(fd);
  if (!is_directory(fd)) return;
  char working[PATH_MAX];
  const char *base = NULL;
  if (path[0] != '/') {
    if (directory == AT_FDCWD) base = getcwd(working, sizeof working);
    else if (tracked(directory)) base = paths[directory];
    if (!base) return;
  }
  size_t size = (base ? strlen(base) + 1 : 0) + strlen(path) + 1;
  char *joined = malloc(size);
  if (!joined) return;
  if (base) snprintf(joined, size, "%s/%s", base, path);
  else memcpy(joined, path, size);
  paths[fd] = joined;
}

void copy_directory(int from, int to) {
  if (!tracked(to)) return;
  forget_directory(to);
  if (tracked(from) && paths[from]) paths[to] = strdup(paths[from]);
}

int fchdir(int fd) {
  if (tracked(fd) && paths[fd]) return chdir(paths[fd]);
  __wasi_fdstat_t stat;
  errno = __wasi_fd_fdstat_get((__wasi_fd_t)fd, &stat) ? EBADF : ENOTDIR;
  return -1;
}
