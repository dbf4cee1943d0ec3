/* The status files through which a process tells its parent how it ended (see process.c). */
#ifndef SKILLBOX_EXIT_STATUS_H
#define SKILLBOX_EXIT_STATUS_H

#include <sys/types.h>

/* For a process that kill() ends through the runtime (which reports only EINTR for it): leaves
 * 128+signal in its place. A status the process leaves as it exits replaces it; one it has already
 * left stays. */
void leave_signal_status(pid_t pid, int signal);

#endif
