/* Processes: fork, exec and wait on WASIX. A fork copies the whole memory (the module is built
 * with asyncify, which lets the runtime unwind and rewind the stack); exec replaces the process
 * with a command of the same package, keeping its descriptors and working directory. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "execArguments.h"
#include "exitStatus.h"
#include "reapedChildren.h"
#include "runFiles.h"
#include "signalMail.h"
#include "signals.h"
#include "startedChildren.h"
#include "wasix.h"
#include "workingDirectory.h"

extern char **environ;

int wasix_fail(int32_t error) {
  errno = error;
  return -1;
}

/* A number in one of the run's files (runFiles.h). */
static void write_run_number(const char *kind, pid_t pid, unsigned value, int how) {
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, kind, pid);
  int fd = open(path, O_WRONLY | O_CREAT | how, 0600);
  if (fd < 0) return;
  char text[16];
  int length = snprintf(text, sizeof text, "%u", value);
  if (write(fd, text, (size_t)length) != length) unlink(path);
  close(fd);
}

static int read_run_number(const char *kind, pid_t pid, int *value) {
  char path[RUN_FILE_PATH_SIZE], text[16] = {0};
  run_file(path, kind, pid);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return 0;
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  if (length <= 0) return 0;
  *value = atoi(text);
  return 1;
}

/* This process's children that no wait has reported yet. The runtime's join of "any child" blocks
 * even when asked not to, until its oldest child ends, while a join of one pid honours WNOHANG;
 * so a wait that must not block asks each child in turn. */
static pid_t *children;
static size_t child_count, child_capacity;

/* Children whose exit sigsuspend() noticed before the program asked waitpid() for them. */
static struct {
  pid_t pid;
  int status;
} reaped[64];
static int reaped_count;

static void remember_child(pid_t pid) {
  if (child_count == child_capacity) {
    size_t capacity = child_capacity ? 2 * child_capacity : 16;
    pid_t *grown = realloc(children, capacity * sizeof *grown);
    if (!grown) return; /* then only a blocking wait for any child reports it */
    children = grown;
    child_capacity = capacity;
  }
  children[child_count++] = pid;
}

/* Where `pid` is in the child list; child_count when it is not there. */
static size_t child_slot(pid_t pid) {
  size_t i = 0;
  while (i < child_count && children[i] != pid) i++;
  return i;
}

static void forget_child(pid_t pid) {
  size_t i = child_slot(pid);
  if (i < child_count) children[i] = children[--child_count];
}

static pid_t parent;

/* Polls that wait on another process start at 1 ms and double up to 16 ms: quick when the other
 * side is quick, cheap when it is not. */
#define FIRST_NAP_NS 1000000ULL
#define LONGEST_NAP_NS 16000000ULL

static uint64_t next_nap(uint64_t nap) { return nap < LONGEST_NAP_NS ? 2 * nap : nap; }

/* How long kill waits for a child to start: a child's worker starts in tens of milliseconds, a
 * first fork on a loaded machine in a few hundred. */
#define CHILD_START_LIMIT_NS 2000000000ULL

void await_child_start(pid_t pid) {
  if (child_slot(pid) == child_count) return;
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "started", pid);
  struct stat info;
  for (uint64_t nap = FIRST_NAP_NS, waited = 0;
       stat(path, &info) && waited < CHILD_START_LIMIT_NS; waited += nap, nap = next_nap(nap)) {
    pause_for(nap);
  }
}

pid_t fork(void) {
  pid_t self = getpid();
  uint32_t pid = 0;
  int32_t error = wasix_proc_fork(1, &pid);
  if (error) return wasix_fail(error);
  if (pid == 0) {
    parent = self;
    child_count = 0;
    reaped_count = 0;
    signals_after_fork();
    write_run_number("started", getpid(), 1, O_TRUNC);
  } else {
    remember_child((pid_t)pid);
  }
  return (pid_t)pid;
}

pid_t vfork(void) { return fork(); }

/* A list as proc_exec3 takes it: newline-separated. An item it cannot take as it is (a newline, an
 * empty last item, bytes that are not UTF-8) reaches the new program exactly through the exec
 * carrier (execArguments.c); here it only has to be something the runtime accepts: newlines become
 * spaces, and an item that is not UTF-8 keeps only its ASCII bytes ('?' for the others). */
static char *join_lines(char *const list[], uint32_t *length) {
  size_t total = 0;
  for (char *const *item = list; item && *item; item++) total += strlen(*item) + 1;
  char *joined = malloc(total + 1);
  if (!joined) return NULL;
  char *end = joined;
  for (char *const *item = list; item && *item; item++) {
    if (end != joined) *end++ = '\n';
    int ascii_only = !is_utf8(*item);
    for (const char *c = *item; *c; c++) {
      *end++ = *c == '\n' ? ' ' : ascii_only && (unsigned char)*c >= 0x80 ? '?' : *c;
    }
  }
  *end = '\0';
  *length = (uint32_t)(end - joined);
  return joined;
}

/* A run starts only the engine's own programs, which the package places in /bin and /usr/bin. The
 * runtime would also start any WebAssembly file named by its path (one a script ships or writes,
 * ./bin/tool.wasm), so such a file is refused as Linux refuses one that may not be executed. */
static int is_engine_program(const char *path) {
  const char *name = !strncmp(path, "/bin/", 5)       ? path + 5
                     : !strncmp(path, "/usr/bin/", 9) ? path + 9
                                                      : NULL;
  return name && *name && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..");
}

/* Why another file may not start: missing stays missing (a search along PATH goes on), a binary
 * (WebAssembly or a package: both start with a NUL byte) or a directory is not allowed, and other
 * text is one the shell then reads as a script, as it does on Linux after ENOEXEC. */
static int refusal_for(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) return errno;
  char first = 0;
  ssize_t got = read(fd, &first, 1);
  close(fd);
  return got < 0 || (got == 1 && first == '\0') ? EACCES : ENOEXEC;
}

int execve(const char *path, char *const argv[], char *const envp[]) {
  if (!is_engine_program(path)) return wasix_fail(refusal_for(path));
  char **env = exec_environment(argv, envp);
  uint32_t args_length = 0, envs_length = 0;
  char *args = join_lines(argv, &args_length);
  char *envs = env ? join_lines(env, &envs_length) : NULL;
  int32_t error = ENOMEM;
  if (args && envs) {
    sync_runtime_directory();
    signals_before_exec();
    if (parent) write_run_number("parent", getpid(), (unsigned)parent, O_TRUNC);
    error = wasix_proc_exec3(path, strlen(path), args, args_length, envs, envs_length, 0, "", 0);
    signals_after_failed_exec();
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
 * status in a file named after its pid, which the parent's waitpid() reads and removes.
 * wasi-libc's _Exit() ends in proc_exit; proc_exit2 takes the whole status for the run's own. */
_Noreturn void __wrap___wasi_proc_exit(__wasi_exitcode_t code) {
  write_run_number("exit", getpid(), code, O_TRUNC);
  wasix_proc_exit2(code);
}

void leave_signal_status(pid_t pid, int signal) {
  write_run_number("exit", pid, 128 + (unsigned)signal, O_EXCL);
}

/* The status the child left, or the runtime's report when it left none (killed outright). */
static int reported_status(pid_t pid, int reported) {
  int status;
  if (!read_run_number("exit", pid, &status)) return reported;
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "exit", pid);
  unlink(path);
  return status;
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

static pid_t runtime_join(pid_t pid, int *status, int options) {
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
    forget_child((pid_t)which.pid);
    return (pid_t)which.pid;
  }
}

static pid_t join_watching_signals(pid_t pid, int *status, int options);

static pid_t join(pid_t pid, int *status, int options) {
  if (!(options & WNOHANG) && receives_signal_mail()) {
    return join_watching_signals(pid, status, options);
  }
  if (pid != -1 || !(options & WNOHANG)) return runtime_join(pid, status, options);
  for (size_t i = 0; i < child_count;) {
    pid_t child = children[i];
    pid_t found = runtime_join(child, status, options);
    if (found > 0) return found;
    if (found < 0 && errno != ECHILD) return -1;
    if (found < 0) forget_child(child);
    else i++;
  }
  return child_count ? 0 : wasix_fail(ECHILD);
}

/* A process that catches signals cannot sit in the runtime's join: signals from other processes
 * arrive by mail (signalMail.c), so it asks without blocking and reads its mail in between, as
 * Linux runs a handler while a shell waits for its foreground job. */
static pid_t join_watching_signals(pid_t pid, int *status, int options) {
  for (uint64_t pause = FIRST_NAP_NS;; pause = next_nap(pause)) {
    pid_t found = join(pid, status, options | WNOHANG);
    /* Also once the child has ended: it may have signalled this process on its way out. */
    take_sent_signals();
    deliver_unblocked();
    if (found) return found;
    pause_for(pause);
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

/* The runtime answers 0 for every process's parent: a child learns it at fork (above), and leaves
 * it in a file for the program it execs. The run's first process has none. */
pid_t getppid(void) {
  if (!parent) read_run_number("parent", getpid(), &parent);
  return parent;
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
