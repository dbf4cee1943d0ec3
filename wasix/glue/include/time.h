/* tzset(), which Debian's wasi-libc leaves out of <time.h>: a run's clock is UTC (src/unsupported.c). */
#include_next <time.h>

#ifndef SKILLBOX_WASIX_TIME_H
#define SKILLBOX_WASIX_TIME_H

void tzset(void);

#endif
