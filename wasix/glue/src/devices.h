#ifndef SKILLBOX_DEVICES_H
#define SKILLBOX_DEVICES_H

#include <sys/stat.h>

/* Presents the status of /dev/null, /dev/zero and the like as the character device it is (see
 * devices.c); leaves any other status as it is. */
void present_device_type(struct stat *info);

#endif
