/* Linux's statfs(): the in-memory file system of a run has no fixed size to report, so it fails
 * with ENOSYS (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_STATFS_H
#define SKILLBOX_WASIX_SYS_STATFS_H

#include <sys/types.h>

struct statfs {
  unsigned long f_type, f_bsize;
  unsigned long long f_blocks, f_bfree, f_bavail, f_files, f_ffree;
  struct {
    int __val[2];
  } f_fsid;
  unsigned long f_namelen, f_frsize, f_flags, f_spare[4];
};

int statfs(const char *, struct statfs *);
int fstatfs(int, struct statfs *);

#endif
