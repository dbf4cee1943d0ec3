/* Sleeping for no time returns at once, as on Linux. The runtime takes a clock wait of zero as a
 * wait that never ends, so `sleep 0` held a run to its time limit. wasi-libc's nanosleep, sleep
 * and usleep (the ways our programs sleep) are replaced by these, which leave any other duration
 * to clock_nanosleep as wasi-libc's do. */
#include <errno.h>
#include <time.h>
#include <unistd.h>

static int is_zero(const struct timespec *duration) {
  return duration->tv_sec == 0 && duration->tv_nsec == 0;
}

int nanosleep(const struct timespec *duration, struct timespec *remaining) {
  if (duration->tv_sec < 0 || duration->tv_nsec < 0 || duration->tv_nsec >= 1000000000L) {
    errno = EINVAL;
    return -1;
  }
  if (is_zero(duration)) return 0;
  int error = clock_nanosleep(CLOCK_REALTIME, 0, duration, remaining);
  if (!error) return 0;
  errno = error;
  return -1;
}

unsigned int sleep(unsigned int seconds) {
  struct timespec duration = {.tv_sec = seconds};
  return nanosleep(&duration, NULL) ? seconds : 0;
}

int usleep(useconds_t microseconds) {
  struct timespec duration = {
      .tv_sec = microseconds / 1000000,
      .tv_nsec = (long)(microseconds % 1000000) * 1000,
  };
  return nanosleep(&duration, NULL);
}
