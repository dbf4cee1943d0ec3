/* Login records: a run has none (src/users.c). This header also keeps the compiler from finding
 * the build machine's own <utmpx.h>. */
#ifndef SKILLBOX_WASIX_UTMPX_H
#define SKILLBOX_WASIX_UTMPX_H

#include <sys/time.h>
#include <sys/types.h>

#define EMPTY 0
#define RUN_LVL 1
#define BOOT_TIME 2
#define USER_PROCESS 7
#define DEAD_PROCESS 8

struct utmpx {
  short ut_type;
  pid_t ut_pid;
  char ut_line[32];
  char ut_id[4];
  char ut_user[32];
  char ut_host[256];
  struct timeval ut_tv;
};

void setutxent(void);
void endutxent(void);
struct utmpx *getutxent(void);
struct utmpx *pututxline(const struct utmpx *);

#endif
