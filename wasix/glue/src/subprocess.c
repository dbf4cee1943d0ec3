/* Commands run through the shell: popen/pclose and system, which Debian's wasi-libc leaves out
 * (WASI has no processes). awk's `cmd | getline`, `print | cmd` and system() need them. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* The package names its shell `sh`; the runtime finds package commands under /bin. */
static _Noreturn void exec_shell(const char *command) {
  char *const argv[] = {"sh", "-c", (char *)command, NULL};
  execv("/bin/sh", argv);
  _exit(127);
}

/* The children of open pipes, so pclose waits for the right one. */
static struct piped {
  FILE *stream;
  pid_t pid;
  struct piped *next;
} *open_pipes;

FILE *popen(const char *command, const char *mode) {
  int reading = mode[0] == 'r';
  if ((mode[0] != 'r' && mode[0] != 'w') || (mode[1] && mode[1] != 'e')) {
    errno = EINVAL;
    return NULL;
  }
  struct piped *entry = malloc(sizeof *entry);
  if (!entry) return NULL;
  int ends[2];
  if (pipe(ends) < 0) {
    free(entry);
    return NULL;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(ends[0]);
    close(ends[1]);
    free(entry);
    return NULL;
  }
  if (pid == 0) {
    /* POSIX: the child closes the streams of earlier popen() calls. */
    for (struct piped *p = open_pipes; p; p = p->next) close(fileno(p->stream));
    int child_end = reading ? ends[1] : ends[0];
    int target = reading ? STDOUT_FILENO : STDIN_FILENO;
    if (child_end != target) {
      dup2(child_end, target);
      close(child_end);
    }
    close(reading ? ends[0] : ends[1]);
    exec_shell(command);
  }
  close(reading ? ends[1] : ends[0]);
  FILE *stream = fdopen(reading ? ends[0] : ends[1], reading ? "r" : "w");
  if (!stream) {
    close(reading ? ends[0] : ends[1]);
    waitpid(pid, NULL, 0);
    free(entry);
    return NULL;
  }
  *entry = (struct piped){stream, pid, open_pipes};
  open_pipes = entry;
  return stream;
}

/* The child's status word, waiting through interruptions; -1 when waitpid fails otherwise. */
static int wait_for(pid_t pid) {
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

int pclose(FILE *stream) {
  struct piped **link = &open_pipes;
  while (*link && (*link)->stream != stream) link = &(*link)->next;
  struct piped *entry = *link;
  if (!entry) {
    errno = ECHILD;
    return -1;
  }
  *link = entry->next;
  pid_t pid = entry->pid;
  free(entry);
  fclose(stream);
  return wait_for(pid);
}

int system(const char *command) {
  if (!command) return 1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) exec_shell(command);
  return wait_for(pid);
}
