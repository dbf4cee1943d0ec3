/* The mount table: a run has no mounts to list (src/unsupported.c). This header also keeps the
 * compiler from finding the build machine's own <mntent.h>. */
#ifndef SKILLBOX_WASIX_MNTENT_H
#define SKILLBOX_WASIX_MNTENT_H

#include <stdio.h>

struct mntent {
  char *mnt_fsname;
  char *mnt_dir;
  char *mnt_type;
  char *mnt_opts;
  int mnt_freq;
  int mnt_passno;
};

FILE *setmntent(const char *, const char *);
struct mntent *getmntent(FILE *);
int endmntent(FILE *);

#endif
