/* Signals between the processes of a run, without the runtime's delivery (see signals.c). A
 * process that catches or ignores signals describes that in a file named after its pid, and a
 * sender reads it:
 *  - a caught signal goes into the receiver's mailbox file, which the receiver reads whenever it
 *    waits (for a child, or in sigsuspend) — so a process busy computing without waiting sees it
 *    only at its next wait;
 *  - an ignored one, or one whose default action is to ignore it, is dropped;
 *  - any other ends the receiver through the runtime (SIGKILL), and the sender leaves 128+signal
 *    as its exit status. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "exitStatus.h"
#include "runFiles.h"
#include "signalMail.h"
#include "signals.h"
#include "startedChildren.h"
#include "wasix.h"

#define BIT(signal) (1ULL << ((signal) - 1))

/* The caught signals that travel by mail. Not SIGCHLD, which the glue layer raises itself, nor
 * SIGINT, which dash catches in every script: mail would make every shell poll while it waits, so
 * SIGINT from another process ends the receiver (status 130, as dash's own handler would) and a
 * `trap … INT` runs only for a shell's own `kill -INT $$`. */
static uint64_t mailed_signals(void) { return caught_signals() & ~(BIT(SIGCHLD) | BIT(SIGINT)); }

int receives_signal_mail(void) { return mailed_signals() != 0; }

static int read_dispositions(pid_t pid, uint64_t *caught, uint64_t *ignored) {
  char path[RUN_FILE_PATH_SIZE], text[40] = {0};
  run_file(path, "signals", pid);
  int fd = open(path, O_RDONLY);
  if (fd < 0) return 0;
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  unsigned long long caught_set, ignored_set;
  if (length <= 0 || sscanf(text, "%llx %llx", &caught_set, &ignored_set) != 2) return 0;
  *caught = caught_set;
  *ignored = ignored_set;
  return 1;
}

/* What this process's file says; no file says nothing is caught or ignored. */
static uint64_t published_caught, published_ignored;

static void write_dispositions(uint64_t caught, uint64_t ignored) {
  if (caught == published_caught && ignored == published_ignored) return;
  published_caught = caught;
  published_ignored = ignored;
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "signals", getpid());
  if (!caught && !ignored) {
    unlink(path);
    return;
  }
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return;
  char text[40];
  int length = snprintf(text, sizeof text, "%llx %llx\n", (unsigned long long)caught,
                        (unsigned long long)ignored);
  if (write(fd, text, (size_t)length) != length) unlink(path);
  close(fd);
}

void publish_signal_dispositions(void) { write_dispositions(mailed_signals(), ignored_signals()); }

/* How much of this process's mailbox it has read: senders only append. */
static off_t mail_read;

void signals_after_fork(void) {
  mail_read = 0;
  published_caught = published_ignored = 0;
  publish_signal_dispositions();
}

void signals_before_exec(void) {
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "mail", getpid());
  unlink(path);
  mail_read = 0;
  write_dispositions(0, ignored_signals());
}

void signals_after_failed_exec(void) { publish_signal_dispositions(); }

/* After an exec: what the program before it ignored stays ignored. */
__attribute__((constructor(53))) static void keep_ignored_signals(void) {
  uint64_t caught, ignored;
  if (!read_dispositions(getpid(), &caught, &ignored)) return;
  for (int signal = 1; signal <= 64; signal++) {
    if (ignored & BIT(signal)) {
      struct sigaction action = {.sa_handler = SIG_IGN};
      sigaction(signal, &action, NULL);
    }
  }
}

void take_sent_signals(void) {
  if (!receives_signal_mail()) return;
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "mail", getpid());
  int fd = open(path, O_RDONLY);
  if (fd < 0) return;
  unsigned char signals[64];
  ssize_t length;
  while ((length = pread(fd, signals, sizeof signals, mail_read)) > 0) {
    for (ssize_t i = 0; i < length; i++) hold_signal(signals[i]);
    mail_read += length;
  }
  close(fd);
}

static int post(pid_t pid, int signal) {
  char path[RUN_FILE_PATH_SIZE];
  run_file(path, "mail", pid);
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd < 0) return -1;
  unsigned char letter = (unsigned char)signal;
  ssize_t written = write(fd, &letter, 1);
  close(fd);
  return written == 1 ? 0 : -1;
}

int send_signal(pid_t pid, int signal) {
  if (!signal) {
    int32_t error = wasix_proc_signal((uint32_t)pid, 0);
    return error ? wasix_fail(error) : 0;
  }
  uint64_t caught = 0, ignored = 0, bit = signal <= 64 ? BIT(signal) : 0;
  if (signal != SIGKILL && read_dispositions(pid, &caught, &ignored)) {
    if (caught & bit) return post(pid, signal);
    if (ignored & bit) return 0;
  }
  if (!terminates_by_default(signal)) return 0;
  await_child_start(pid);
  int32_t error = wasix_proc_signal((uint32_t)pid, SIGKILL);
  if (error) return wasix_fail(error);
  leave_signal_status(pid, signal);
  return 0;
}
