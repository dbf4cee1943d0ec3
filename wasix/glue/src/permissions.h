#ifndef SKILLBOX_PERMISSIONS_H
#define SKILLBOX_PERMISSIONS_H

#include <sys/stat.h>

/* Gives a file's status the owner and mode bits WASI does not keep (see permissions.c). */
void present_ownership(struct stat *info);

#endif
