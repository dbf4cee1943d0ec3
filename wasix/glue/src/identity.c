/* One user in a sandbox: the script runs as an ordinary user (uid 1000), without permission bits
 * to check, so identity calls answer for that user and alarm() has no timer to arm. */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wasix.h"

enum { SANDBOX_USER = 1000 };

uid_t getuid(void) { return SANDBOX_USER; }
uid_t geteuid(void) { return SANDBOX_USER; }
gid_t getgid(void) { return SANDBOX_USER; }
gid_t getegid(void) { return SANDBOX_USER; }

int getgroups(int size, gid_t groups[]) {
  if (size == 0) return 1;
  groups[0] = SANDBOX_USER;
  return 1;
}

int setuid(uid_t user) { return user == SANDBOX_USER ? 0 : wasix_fail(EPERM); }
int setgid(gid_t group) { return group == SANDBOX_USER ? 0 : wasix_fail(EPERM); }

static mode_t creation_mask = 022;

mode_t umask(mode_t mask) {
  mode_t old = creation_mask;
  creation_mask = mask & 0777;
  return old;
}

unsigned alarm(unsigned seconds) {
  (void)seconds;
  return 0;
}
