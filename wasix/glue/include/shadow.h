/* Shadow passwords: a run has no password database (src/users.c). This header also keeps the
 * compiler from finding the build machine's own <shadow.h>. */
#ifndef SKILLBOX_WASIX_SHADOW_H
#define SKILLBOX_WASIX_SHADOW_H

struct spwd {
  char *sp_namp;
  char *sp_pwdp;
  long sp_lstchg, sp_min, sp_max, sp_warn, sp_inact, sp_expire;
  unsigned long sp_flag;
};

struct spwd *getspnam(const char *);

#endif
