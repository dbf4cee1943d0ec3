/* The user and group databases of a run: root and the sandbox user (uid/gid 1000, "user",
 * home /home/user), so `ls -l`, `id` and `whoami` have names to print. */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <shadow.h>
#include <string.h>
#include <utmpx.h>

static char *no_members[] = {NULL};

static struct passwd users[] = {
    {"root", "x", 0, 0, "root", "/root", "/bin/sh"},
    {"user", "x", 1000, 1000, "user", "/home/user", "/bin/sh"},
};
static struct group groups[] = {
    {"root", "x", 0, no_members},
    {"user", "x", 1000, no_members},
};
#define COUNT(list) (sizeof list / sizeof list[0])

static size_t next_user, next_group;

struct passwd *getpwuid(uid_t uid) {
  for (size_t i = 0; i < COUNT(users); i++) {
    if (users[i].pw_uid == uid) return &users[i];
  }
  return NULL;
}

struct passwd *getpwnam(const char *name) {
  for (size_t i = 0; i < COUNT(users); i++) {
    if (!strcmp(users[i].pw_name, name)) return &users[i];
  }
  return NULL;
}

void setpwent(void) { next_user = 0; }
void endpwent(void) { next_user = 0; }
struct passwd *getpwent(void) { return next_user < COUNT(users) ? &users[next_user++] : NULL; }

static int copy_user(struct passwd *found, struct passwd *out, struct passwd **result) {
  *result = found ? (*out = *found, out) : NULL;
  return 0;
}

int getpwuid_r(uid_t uid, struct passwd *out, char *buffer, size_t size, struct passwd **result) {
  (void)buffer;
  (void)size;
  return copy_user(getpwuid(uid), out, result);
}

int getpwnam_r(const char *name, struct passwd *out, char *buffer, size_t size,
               struct passwd **result) {
  (void)buffer;
  (void)size;
  return copy_user(getpwnam(name), out, result);
}

struct group *getgrgid(gid_t gid) {
  for (size_t i = 0; i < COUNT(groups); i++) {
    if (groups[i].gr_gid == gid) return &groups[i];
  }
  return NULL;
}

struct group *getgrnam(const char *name) {
  for (size_t i = 0; i < COUNT(groups); i++) {
    if (!strcmp(groups[i].gr_name, name)) return &groups[i];
  }
  return NULL;
}

void setgrent(void) { next_group = 0; }
void endgrent(void) { next_group = 0; }
struct group *getgrent(void) { return next_group < COUNT(groups) ? &groups[next_group++] : NULL; }

static int copy_group(struct group *found, struct group *out, struct group **result) {
  *result = found ? (*out = *found, out) : NULL;
  return 0;
}

int getgrgid_r(gid_t gid, struct group *out, char *buffer, size_t size, struct group **result) {
  (void)buffer;
  (void)size;
  return copy_group(getgrgid(gid), out, result);
}

int getgrnam_r(const char *name, struct group *out, char *buffer, size_t size,
               struct group **result) {
  (void)buffer;
  (void)size;
  return copy_group(getgrnam(name), out, result);
}

int initgroups(const char *user, gid_t group) {
  (void)user;
  (void)group;
  errno = EPERM;
  return -1;
}

int setgroups(size_t count, const gid_t *list) {
  (void)count;
  (void)list;
  errno = EPERM;
  return -1;
}

int getgrouplist(const char *user, gid_t group, gid_t *list, int *count) {
  (void)user;
  if (*count < 1) {
    *count = 1;
    return -1;
  }
  list[0] = group;
  *count = 1;
  return 1;
}

struct spwd *getspnam(const char *name) {
  (void)name;
  errno = EACCES;
  return NULL;
}

void setutxent(void) {}
void endutxent(void) {}
struct utmpx *getutxent(void) { return NULL; }
struct utmpx *pututxline(const struct utmpx *entry) {
  (void)entry;
  return NULL;
}
