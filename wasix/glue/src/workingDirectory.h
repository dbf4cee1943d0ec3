#ifndef SKILLBOX_WORKING_DIRECTORY_H
#define SKILLBOX_WORKING_DIRECTORY_H

/* Tells the runtime libc's working directory, which the next exec starts in. */
void sync_runtime_directory(void);

#endif
