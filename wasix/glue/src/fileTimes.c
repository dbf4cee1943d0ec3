/* utimensat()/futimens() with UTIME_NOW: the runtime refuses the "now" flags wasi-libc sends for
 * it (EINVAL), so the glue layer reads the clock and sets that time. */
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

static const struct timespec *resolve_now(const struct timespec times[2], struct timespec out[2]) {
  if (!times) {
    clock_gettime(CLOCK_REALTIME, &out[0]);
    out[1] = out[0];
    return out;
  }
  for (int i = 0; i < 2; i++) {
    if (times[i].tv_nsec == UTIME_NOW) clock_gettime(CLOCK_REALTIME, &out[i]);
    else out[i] = times[i];
  }
  return out;
}

int __real_utimensat(int, const char *, const struct timespec[2], int);
int __wrap_utimensat(int directory, const char *path, const struct timespec times[2], int flags) {
  struct timespec resolved[2];
  return __real_utimensat(directory, path, resolve_now(times, resolved), flags);
}

int __real_futimens(int, const struct timespec[2]);
int __wrap_futimens(int fd, const struct timespec times[2]) {
  struct timespec resolved[2];
  return __real_futimens(fd, resolve_now(times, resolved));
}
