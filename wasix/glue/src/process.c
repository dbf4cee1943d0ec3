/* Processes: fork, exec and wait on WASIX. A fork copies the whole memory (the module is built
 * with asyncify, which lets the runtime unwind and rewind the stack); exec replaces the process
 * with a command of the same package, keeping its descriptors and working directory. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "execArguments.h"
#include "reapedChildren.h"
#include "signals.h"
#include "wasix.h"
#include "workingDirectory.h"

extern char **environ;

int wasix_fail(int32_t error) {
  errno = error;
  return -1;
}

pid_t fork(void) {
  uint32_t pid = 0;
  int32_t error = wasix_proc_fork(1, &pid);
  if (error) return wasix_fail(error);
  if (pid == 0) listen_for_signals();
  return (pid_t)pid;
}

pid_t vfork(void) { return fork(); }

/* proc_exec3 takes the argument and environment lists as newline-separated strings, so a list
 * with a newline inside an item also travels escaped in one variable (see execArguments.c). */
static char *join_lines(char *const list[], uint32_t *length) {
  size_t total = 0;
  for (char *const *item = list; item && *item; item++) total += strlen(*item) + 1;
  char *joined = malloc(total + 1);
  if (!joined) return NULL;
  char *end = joined;
  for (char *const *item = list; item && *item; item++) {
    if (end != joined) *end++ = '\n';
    for (const char *c = *item; *c; c++) *end++ = *c == '\n' ? ' ' : *c;
  }
  *end = '\0';
  *length = (uint32_t)(end - joined);
  return joined;
}

int execve(const char *path, char *const argv[], char *const envp[]) {
  char **env = exec_environment(argv, envp);
  uint32_t args_length = 0, envs_length = 0;
  char *args = join_lines(argv, &args_length);
  char *envs = env ? join_lines(env, &envs_length) : NULL;
  int32_t error = ENOMEM;
  if (args && envs) {
    sync_runtime_directory();
    error = wasix_proc_exec3(path, strlen(path), args, args_length, envs, envs_length, 0, "", 0);
  }
  free(args);
  free(envs);
  free_exec_environment(env, envp);
  return wasix_fail(error ? error : ENOEXEC);
}

int execv(const char *path, char *const argv[]) { return execve(path, argv, environ); }

int execvp(const char *file, char *const argv[]) {
  if (strchr(file, '/')) return execve(file, argv, environ);
  const char *search = getenv("PATH");
  if (!search) search = "/usr/local/bin:/bin:/usr/bin";
  size_t file_length = strlen(file);
  int error = ENOENT;
  for (const char *start = search;; start++) {
    const char *end = strchrnul(start, ':');
    size_t dir_length = (size_t)(end - start);
    char candidate[dir_length + file_length + 2];
    memcpy(candidate, start, dir_length);
    candidate[dir_length] = '/';
    memcpy(candidate + dir_length + 1, file, file_length + 1);
    execve(dir_length ? candidate : file, argv, environ);
    if (errno != ENOENT && errno != ENOTDIR) error = errno;
    if (!*end) break;
    start = end;
  }
  errno = error;
  return -1;
}

/* The runtime reports a child's exit status to its parent as an errno: every status from 79 up
 * (127, 130, …) arrives as 79, and now and then a lower one does too. So every process leaves its
 * status in a file named after its pid, which the parent's waitpid() reads and removes. */
static void status_file(char *path, size_t size, pid_t pid) {
  snprintf(path, size, "/tmp/.skillbox-exit-%d", (int)pid);
}

/* wasi-libc's _Exit() ends in proc_exit; proc_exit2 takes the whole status for the run's own. */
_Noreturn void __wrap___wasi_proc_exit(__wasi_exitcode_t code) {
  char path[64];
  status_file(path, sizeof path, getpid());
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd >= 0) {
    char text[16];
    int length = snprintf(text, sizeof text, "%u", (unsigned)code);
    if (write(fd, text, (size_t)length) != length) unlink(path);
    close(fd);
  }
  wasix_proc_exit2(code);
}

/* The status the child left, or the runtime's report when it left none (killed outright). */
static int reported_status(pid_t pid, int reported) {
  char path[64], text[16] = {0};
  status_file(path, sizeof path, pid);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return reported;
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  unlink(path);
  return length > 0 ? atoi(text) : reported;
}

static int status_word(pid_t pid, const wasix_join_status *status) {
  switch (status->tag) {
    case WASIX_JOIN_EXIT_NORMAL:
      return (reported_status(pid, status->u.exit_normal) & 0xff) << 8;
    case WASIX_JOIN_EXIT_SIGNAL:
      return status->u.exit_signal.signal & 0x7f;
    case WASIX_JOIN_STOPPED:
      return ((status->u.stopped & 0xff) << 8) | 0x7f;
    default:
      return 0;
  }
}

static struct {
  pid_t pid;
  int status;
} reaped[64];
static int reaped_count;

static pid_t join(pid_t pid, int *status, int options) {
  for (;;) {
    wasix_option_pid which = {.tag = pid > 0, .pid = pid > 0 ? (uint32_t)pid : 0};
    wasix_join_status joined = {0};
    uint32_t flags = (options & WNOHANG ? WASIX_JOIN_NON_BLOCKING : 0) |
                     (options & WUNTRACED ? WASIX_JOIN_WAKE_STOPPED : 0);
    int32_t error = wasix_proc_join(&which, flags, &joined);
    if (error == EINTR && !(options & WNOHANG)) continue;
    if (error) return wasix_fail(error);
    if (joined.tag == WASIX_JOIN_NOTHING) {
      if (options & WNOHANG) return 0;
      return wasix_fail(ECHILD);
    }
    if (status) *status = status_word((pid_t)which.pid, &joined);
    return (pid_t)which.pid;
  }
}

int reap_finished_child(void) {
  if (reaped_count == (int)(sizeof reaped / sizeof reaped[0])) return 1;
  int status;
  pid_t pid = join(-1, &status, WNOHANG);
  if (pid < 0) return -1;
  if (pid == 0) return 0;
  reaped[reaped_count].pid = pid;
  reaped[reaped_count].status = status;
  reaped_count++;
  return 1;
}

pid_t waitpid(pid_t pid, int *status, int options) {
  if (pid < -1 || pid == 0) pid = -1; /* process groups: every child is in the shell's group */
  for (int i = 0; i < reaped_count; i++) {
    if (pid != -1 && reaped[i].pid != pid) continue;
    pid_t found = reaped[i].pid;
    if (status) *status = reaped[i].status;
    reaped[i] = reaped[--reaped_count];
    return found;
  }
  return join(pid, status, options);
}

pid_t wait(int *status) { return waitpid(-1, status, 0); }

pid_t wait3(int *status, int options, void *usage) {
  (void)usage;
  return waitpid(-1, status, options);
}

pid_t getpid(void) {
  uint32_t pid = 0;
  wasix_proc_id(&pid);
  return (pid_t)pid;
}

pid_t getppid(void) {
  uint32_t parent = 0;
  wasix_proc_parent((uint32_t)getpid(), &parent);
  return (pid_t)parent;
}

/* One session, one process group: job control has no terminal to manage here. */
pid_t getpgrp(void) { return getpid(); }
pid_t getpgid(pid_t pid) { return pid ? pid : getpid(); }
int setpgid(pid_t pid, pid_t group) {
  (void)pid;
  (void)group;
  return 0;
}
pid_t setsid(void) { return getpid(); }
pid_t tcgetpgrp(int fd) {
  (void)fd;
  return getpid();
}
int tcsetpgrp(int fd, pid_t group) {
  (void)fd;
  (void)group;
  return 0;
}
