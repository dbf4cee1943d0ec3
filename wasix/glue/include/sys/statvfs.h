/* File system statistics: the in-memory file system of a run has no fixed size to report, so
 * statvfs() fails with ENOSYS (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_STATVFS_H
#define SKILLBOX_WASIX_SYS_STATVFS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long long fsblkcnt_t;
typedef unsigned long long fsfilcnt_t;

struct statvfs {
  unsigned long f_bsize, f_frsize;
  fsblkcnt_t f_blocks, f_bfree, f_bavail;
  fsfilcnt_t f_files, f_ffree, f_favail;
  unsigned long f_fsid, f_flag, f_namemax;
};

#define ST_RDONLY 1
#define ST_NOSUID 2

int statvfs(const char *__restrict, struct statvfs *__restrict);
int fstatvfs(int, struct statvfs *);

#ifdef __cplusplus
}
#endif

#endif
