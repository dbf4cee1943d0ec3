/* File change notification: not available in a run (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_INOTIFY_H
#define SKILLBOX_WASIX_SYS_INOTIFY_H

#include <stdint.h>

struct inotify_event {
  int wd;
  uint32_t mask, cookie, len;
  char name[];
};

#define IN_MODIFY 0x00000002
#define IN_ATTRIB 0x00000004
#define IN_CLOSE_WRITE 0x00000008
#define IN_CREATE 0x00000100
#define IN_DELETE 0x00000200
#define IN_ALL_EVENTS 0x00000fff

int inotify_init(void);
int inotify_add_watch(int, const char *, uint32_t);

#endif
