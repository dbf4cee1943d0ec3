/* Files through which the processes of a run tell each other what the runtime does not carry:
 * exit statuses, parents across exec, signal dispositions and signals. They live in the run's
 * /tmp, named after the process they describe. */
#ifndef SKILLBOX_RUN_FILES_H
#define SKILLBOX_RUN_FILES_H

#include <stdio.h>
#include <sys/types.h>

#define RUN_FILE_PATH_SIZE 64

static inline void run_file(char path[RUN_FILE_PATH_SIZE], const char *kind, pid_t pid) {
  snprintf(path, RUN_FILE_PATH_SIZE, "/tmp/.skillbox-%s-%d", kind, (int)pid);
}

#endif
