/* settimeofday(), which Debian's wasi-libc leaves out: a run cannot set the clock (src/unsupported.c). */
#include_next <sys/time.h>

#ifndef SKILLBOX_WASIX_SYS_TIME_H
#define SKILLBOX_WASIX_SYS_TIME_H

int settimeofday(const struct timeval *, const void *);

#endif
