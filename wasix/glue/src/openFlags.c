/* POSIX code writes open(path, O_CREAT) meaning read-only, because O_RDONLY is 0 everywhere but
 * in wasi-libc, which refuses flags without an access mode (EINVAL). The glue layer adds it, and
 * notes where directories were opened, for fchdir(). */
#include <fcntl.h>
#include <stdarg.h>

#include "directoryPaths.h"

static int with_access_mode(int flags) { return flags & O_ACCMODE ? flags : flags | O_RDONLY; }

int __real_open(const char *, int, ...);
int __wrap_open(const char *path, int flags, ...) {
  va_list list;
  va_start(list, flags);
  mode_t mode = flags & O_CREAT ? va_arg(list, mode_t) : 0;
  va_end(list);
  int fd = __real_open(path, with_access_mode(flags), mode);
  if (fd >= 0) remember_directory(fd, AT_FDCWD, path);
  return fd;
}

int __real_openat(int, const char *, int, ...);
int __wrap_openat(int directory, const char *path, int flags, ...) {
  va_list list;
  va_start(list, flags);
  mode_t mode = flags & O_CREAT ? va_arg(list, mode_t) : 0;
  va_end(list);
  int fd = __real_openat(directory, path, with_access_mode(flags), mode);
  if (fd >= 0) remember_directory(fd, directory, path);
  return fd;
}
