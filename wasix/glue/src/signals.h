/* The signal state of this process (signals.c), as the rest of the glue layer needs it. */
#ifndef SKILLBOX_SIGNALS_H
#define SKILLBOX_SIGNALS_H

#include <stdint.h>

/* Marks a signal pending; deliver_unblocked() then runs what is not blocked. */
void hold_signal(int signal);
void deliver_unblocked(void);

/* Bit signal-1 set for each signal a handler catches, or that is ignored. */
uint64_t caught_signals(void);
uint64_t ignored_signals(void);

int terminates_by_default(int signal);

/* Sleeps without taking a signal (the runtime's clock wait). */
void pause_for(uint64_t nanoseconds);

#endif
