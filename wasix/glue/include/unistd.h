/* The process, descriptor and identity calls Debian's wasi-libc leaves out of <unistd.h>;
 * the glue layer implements them on WASIX (src/). */
#ifndef _WASI_EMULATED_GETPID
#define _WASI_EMULATED_GETPID
#endif
#include_next <unistd.h>

#ifndef SKILLBOX_WASIX_UNISTD_H
#define SKILLBOX_WASIX_UNISTD_H

#ifdef __cplusplus
extern "C" {
#endif

int pipe(int[2]);
int pipe2(int[2], int);
int dup(int);
int dup2(int, int);
int dup3(int, int, int);
pid_t fork(void);
pid_t vfork(void);
int execve(const char *, char *const[], char *const[]);
int execv(const char *, char *const[]);
int execvp(const char *, char *const[]);
pid_t getppid(void);
pid_t getpgrp(void);
pid_t getpgid(pid_t);
int setpgid(pid_t, pid_t);
pid_t setsid(void);
pid_t tcgetpgrp(int);
int tcsetpgrp(int, pid_t);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int getgroups(int, gid_t[]);
int setuid(uid_t);
int setgid(gid_t);
int pause(void);
unsigned alarm(unsigned);

#ifdef __cplusplus
}
#endif

/* Files here carry no owners: these succeed without effect (src/permissions.c). */
int chown(const char *, uid_t, gid_t);
int fchown(int, uid_t, gid_t);
int lchown(const char *, uid_t, gid_t);
int fchownat(int, const char *, uid_t, gid_t, int);

/* A run has one root (src/unsupported.c). */
int chroot(const char *);
/* By the path the directory was opened with (src/directoryPaths.c). */
int fchdir(int);

#endif
