/* Descriptor numbers as scripts expect them. The runtime keeps its preopened directories on
 * descriptors 3, 4 and 5 and will not close or replace them, so `exec 3>file` would fail, and
 * holds 6, 7 and 8 for itself, so `echo hi >&7` wrote to one of them (status 1, "I/O error",
 * where dash says "Bad file descriptor") and `sh -c 'cat <&8' 8<file` read from it. The glue
 * layer gives user descriptors 3-9 (all a shell script can name with one digit) a hidden runtime
 * descriptor each, and every call that takes a descriptor (wrapped with the linker's --wrap)
 * translates it. All other numbers are the runtime's own. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "descriptors.h"
#include "devices.h"
#include "directoryPaths.h"
#include "permissions.h"
#include "wasix.h"

#define FIRST_SHADOWED 3
#define LAST_SHADOWED 9
/* Where the runtime descriptors behind user descriptors 3-9 live: near the runtime's highest
 * descriptor number (65535), where scripts never count. */
#define HIDDEN_BASE 65000u

static int hidden[LAST_SHADOWED + 1] = {[0 ... LAST_SHADOWED] = -1};

static int shadowed(int fd) { return fd >= FIRST_SHADOWED && fd <= LAST_SHADOWED; }

/* The runtime descriptor behind a user descriptor; -1 for a closed shadowed number. */
static int runtime_fd(int fd) { return shadowed(fd) ? hidden[fd] : fd; }

static int is_open(int fd) {
  if (shadowed(fd)) return hidden[fd] >= 0;
  __wasi_fdstat_t stat;
  return __wasi_fd_fdstat_get((__wasi_fd_t)fd, &stat) != __WASI_ERRNO_BADF;
}

char **shadowed_descriptors(void) {
  static char items[LAST_SHADOWED - FIRST_SHADOWED + 1][16];
  static char *list[LAST_SHADOWED - FIRST_SHADOWED + 2];
  int count = 0;
  for (int fd = FIRST_SHADOWED; fd <= LAST_SHADOWED; fd++) {
    if (hidden[fd] < 0) continue;
    snprintf(items[count], sizeof items[count], "%d=%d", fd, hidden[fd]);
    list[count] = items[count];
    count++;
  }
  list[count] = NULL;
  return list;
}

void adopt_shadowed_descriptors(char *const items[]) {
  for (char *const *item = items; item && *item; item++) {
    char *rest;
    long fd = strtol(*item, &rest, 10);
    if (*rest != '=' || !shadowed((int)fd)) continue;
    long slot = strtol(rest + 1, &rest, 10);
    __wasi_fdstat_t stat;
    if (*rest || slot < (long)HIDDEN_BASE || slot > 65535 ||
        __wasi_fd_fdstat_get((__wasi_fd_t)slot, &stat)) {
      continue;
    }
    hidden[fd] = (int)slot;
  }
}

/* The runtime hands out the lowest free number, and a wrapped call translates a number in 3-9:
 * a file the runtime opened on 9 could be neither read nor closed (every script ran with no
 * output: dash's own script file got 9). So each of 3-9 the runtime does not hold is held by an
 * inert copy of its first preopened directory, in every program, before main(). */
__attribute__((constructor)) static void hold_shadowed_numbers(void) {
  for (int fd = FIRST_SHADOWED; fd <= LAST_SHADOWED; fd++) {
    __wasi_fdstat_t stat;
    if (__wasi_fd_fdstat_get((__wasi_fd_t)fd, &stat) != __WASI_ERRNO_BADF) continue;
    uint32_t copy;
    if (wasix_fd_dup(FIRST_SHADOWED, &copy)) return;
    if ((int)copy != fd && __wasi_fd_renumber(copy, (uint32_t)fd)) (void)__wasi_fd_close(copy);
  }
}

#define TRANSLATE(fd)                      \
  int real_fd = runtime_fd(fd);            \
  if (real_fd < 0) return wasix_fail(EBADF)

/* Makes user descriptor `target` a copy of runtime descriptor `source`, replacing what it was. */
static int install(int source, int target) {
  uint32_t copy;
  int32_t error = wasix_fd_dup((uint32_t)source, &copy);
  if (error) return wasix_fail(error);
  if (shadowed(target)) {
    uint32_t slot = HIDDEN_BASE + (uint32_t)target;
    error = __wasi_fd_renumber(copy, slot);
    if (error) return (void)__wasi_fd_close(copy), wasix_fail(error);
    hidden[target] = (int)slot;
    return target;
  }
  if ((int)copy == target) return target;
  error = __wasi_fd_renumber(copy, (uint32_t)target);
  if (error) return (void)__wasi_fd_close(copy), wasix_fail(error);
  return target;
}

/* The lowest free descriptor from `minimum` on, never 3-9: a shadowed number only works with the
 * calls wrapped here, and dup() feeds descriptors to the rest of wasi-libc (fdopendir(),
 * openat(), …). A script reaches 3-9 only by naming them, which goes through dup2(). */
static int lowest_free(int minimum) {
  for (int fd = minimum < 0 ? 0 : minimum; fd < 65535; fd++) {
    if (!shadowed(fd) && !is_open(fd)) return fd;
  }
  return wasix_fail(EMFILE);
}

int dup2(int fd, int target) {
  TRANSLATE(fd);
  if (target < 0) return wasix_fail(EBADF);
  if (target == fd) return fd;
  int result = install(real_fd, target);
  if (result >= 0) copy_directory(fd, target);
  return result;
}

int dup3(int fd, int target, int flags) {
  (void)flags;
  if (target == fd) return wasix_fail(EINVAL);
  return dup2(fd, target);
}

static int duplicate_from(int fd, int minimum) {
  TRANSLATE(fd);
  int target = lowest_free(minimum);
  if (target < 0 || install(real_fd, target) < 0) return -1;
  copy_directory(fd, target);
  return target;
}

int dup(int fd) { return duplicate_from(fd, 0); }

int pipe(int ends[2]) {
  uint32_t read_end, write_end;
  int32_t error = wasix_fd_pipe(&read_end, &write_end);
  if (error) return wasix_fail(error);
  ends[0] = (int)read_end;
  ends[1] = (int)write_end;
  return 0;
}

int pipe2(int ends[2], int flags) {
  (void)flags;
  return pipe(ends);
}

int __real_fstat(int, struct stat *);
int __wrap_fstat(int fd, struct stat *info) {
  TRANSLATE(fd);
  int result = __real_fstat(real_fd, info);
  if (!result) {
    present_ownership(info);
    present_device_type(info);
  }
  return result;
}

int __real_close(int);
int __wrap_close(int fd) {
  TRANSLATE(fd);
  forget_directory(fd);
  if (shadowed(fd)) hidden[fd] = -1;
  return __real_close(real_fd);
}

int __real_fcntl(int, int, ...);
int __wrap_fcntl(int fd, int command, ...) {
  va_list list;
  va_start(list, command);
  int argument = va_arg(list, int);
  va_end(list);
  switch (command) {
    case F_DUPFD:
    case F_DUPFD_CLOEXEC:
      return duplicate_from(fd, argument);
    case F_GETFD:
      return is_open(fd) ? 0 : wasix_fail(EBADF);
    case F_SETFD:
      /* Close-on-exec is not tracked by the runtime: descriptors stay open across exec. */
      return is_open(fd) ? 0 : wasix_fail(EBADF);
    default: {
      TRANSLATE(fd);
      return __real_fcntl(real_fd, command, argument);
    }
  }
}

#define WRAP(result, name, params, args) \
  result __real_##name params;           \
  result __wrap_##name params {          \
    TRANSLATE(fd);                       \
    return __real_##name args;           \
  }

WRAP(ssize_t, read, (int fd, void *buffer, size_t size), (real_fd, buffer, size))
/* Linux sends SIGPIPE with EPIPE, so a writer whose reader has gone ends quietly; the runtime
 * sometimes only returns the error, and toybox would print it. */
static ssize_t broken_pipe_signal(ssize_t result) {
  if (result < 0 && errno == EPIPE) {
    raise(SIGPIPE);
    errno = EPIPE;
  }
  return result;
}

ssize_t __real_write(int, const void *, size_t);
ssize_t __wrap_write(int fd, const void *buffer, size_t size) {
  TRANSLATE(fd);
  return broken_pipe_signal(__real_write(real_fd, buffer, size));
}
WRAP(ssize_t, readv, (int fd, const struct iovec *parts, int count), (real_fd, parts, count))
ssize_t __real_writev(int, const struct iovec *, int);
ssize_t __wrap_writev(int fd, const struct iovec *parts, int count) {
  TRANSLATE(fd);
  return broken_pipe_signal(__real_writev(real_fd, parts, count));
}
WRAP(ssize_t, pread, (int fd, void *buffer, size_t size, off_t at), (real_fd, buffer, size, at))
WRAP(ssize_t, pwrite, (int fd, const void *buffer, size_t size, off_t at),
     (real_fd, buffer, size, at))
WRAP(off_t, lseek, (int fd, off_t offset, int whence), (real_fd, offset, whence))
WRAP(int, ftruncate, (int fd, off_t size), (real_fd, size))
WRAP(int, fsync, (int fd), (real_fd))

/* wasi-libc finds its preopened directories by asking descriptors 3, 4, … until one answers
 * "bad descriptor", and gives up on the program at any other error. A program exec starts
 * inherits its parent's open files past the runtime's directories (3-5), and the runtime answers
 * for some of them as if they were preopened, so anything but a directory ends the search. */
__wasi_errno_t __real___wasi_fd_prestat_get(__wasi_fd_t, __wasi_prestat_t *);
__wasi_errno_t __wrap___wasi_fd_prestat_get(__wasi_fd_t fd, __wasi_prestat_t *prestat) {
  __wasi_fdstat_t stat;
  if (__wasi_fd_fdstat_get(fd, &stat) || stat.fs_filetype != __WASI_FILETYPE_DIRECTORY) {
    return __WASI_ERRNO_BADF;
  }
  __wasi_errno_t error = __real___wasi_fd_prestat_get(fd, prestat);
  return error ? __WASI_ERRNO_BADF : error;
}
