/* The group database of a run: the sandbox user's group and root's (src/users.c). */
#ifndef SKILLBOX_WASIX_GRP_H
#define SKILLBOX_WASIX_GRP_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct group {
  char *gr_name;
  char *gr_passwd;
  gid_t gr_gid;
  char **gr_mem;
};

struct group *getgrgid(gid_t);
struct group *getgrnam(const char *);
void setgrent(void);
void endgrent(void);
struct group *getgrent(void);
int getgrgid_r(gid_t, struct group *, char *, size_t, struct group **);
int getgrnam_r(const char *, struct group *, char *, size_t, struct group **);
int initgroups(const char *, gid_t);
int setgroups(size_t, const gid_t *);
int getgrouplist(const char *, gid_t, gid_t *, int *);

#ifdef __cplusplus
}
#endif

#endif
