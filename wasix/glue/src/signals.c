/* Signal state of one process: handlers, the blocked mask and pending signals. The runtime's own
 * delivery is not used: it calls a process's signal callback in the middle of a blocking system
 * call, where an asyncified module cannot take the call (the process hung in a write to a
 * broken pipe, or ended with EINTR), and without a callback it ignores most signals. Signals from
 * other processes travel through signalMail.c instead; a signal a process sends itself is
 * delivered here at once. A terminating default action exits with 128+signal (calling abort()
 * from here would re-enter the handler path). */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "reapedChildren.h"
#include "signalMail.h"
#include "signals.h"
#include "wasix.h"

/* What SIG_IGN and SIG_ERR point at in wasi-libc's <signal.h>. */
void __SIG_IGN(int signal) { (void)signal; }
void __SIG_ERR(int signal) { (void)signal; }

static struct sigaction actions[_NSIG];
static sigset_t blocked;
static sigset_t pending;

const char *const sys_siglist[_NSIG] = {
    [SIGHUP] = "Hangup",
    [SIGINT] = "Interrupt",
    [SIGQUIT] = "Quit",
    [SIGILL] = "Illegal instruction",
    [SIGTRAP] = "Trace/breakpoint trap",
    [SIGABRT] = "Aborted",
    [SIGBUS] = "Bus error",
    [SIGFPE] = "Floating point exception",
    [SIGKILL] = "Killed",
    [SIGUSR1] = "User defined signal 1",
    [SIGSEGV] = "Segmentation fault",
    [SIGUSR2] = "User defined signal 2",
    [SIGPIPE] = "Broken pipe",
    [SIGALRM] = "Alarm clock",
    [SIGTERM] = "Terminated",
    [SIGCHLD] = "Child exited",
    [SIGCONT] = "Continued",
    [SIGSTOP] = "Stopped (signal)",
    [SIGTSTP] = "Stopped",
    [SIGTTIN] = "Stopped (tty input)",
    [SIGTTOU] = "Stopped (tty output)",
    [SIGURG] = "Urgent I/O condition",
    [SIGXCPU] = "CPU time limit exceeded",
    [SIGXFSZ] = "File size limit exceeded",
    [SIGVTALRM] = "Virtual timer expired",
    [SIGPROF] = "Profiling timer expired",
    [SIGWINCH] = "Window changed",
    [SIGIO] = "I/O possible",
    [SIGPWR] = "Power failure",
    [SIGSYS] = "Bad system call",
};

static int valid(int signal) { return signal > 0 && signal < _NSIG; }

int sigemptyset(sigset_t *set) {
  memset(set, 0, sizeof *set);
  return 0;
}

int sigfillset(sigset_t *set) {
  memset(set, 0xff, sizeof *set);
  return 0;
}

#define WORD(signal) ((unsigned)((signal) - 1) / (8 * sizeof(long)))
#define BIT(signal) (1UL << ((unsigned)((signal) - 1) % (8 * sizeof(long))))

int sigaddset(sigset_t *set, int signal) {
  if (!valid(signal)) return wasix_fail(EINVAL);
  set->__bits[WORD(signal)] |= BIT(signal);
  return 0;
}

int sigdelset(sigset_t *set, int signal) {
  if (!valid(signal)) return wasix_fail(EINVAL);
  set->__bits[WORD(signal)] &= ~BIT(signal);
  return 0;
}

int sigismember(const sigset_t *set, int signal) {
  return valid(signal) && (set->__bits[WORD(signal)] & BIT(signal)) != 0;
}

static int ignored_by_default(int signal) {
  switch (signal) {
    case SIGCHLD:
    case SIGCONT:
    case SIGURG:
    case SIGWINCH:
    /* No job control: stopping would leave the run waiting for a SIGCONT nobody sends. */
    case SIGSTOP:
    case SIGTSTP:
    case SIGTTIN:
    case SIGTTOU:
      return 1;
    default:
      return 0;
  }
}

static void deliver(int signal) {
  struct sigaction action = actions[signal];
  if (action.sa_handler == SIG_IGN) return;
  if (action.sa_handler == SIG_DFL) {
    if (!ignored_by_default(signal)) _Exit(128 + signal);
    return;
  }
  if (action.sa_flags & SA_RESETHAND) actions[signal].sa_handler = SIG_DFL;
  sigset_t saved = blocked;
  for (size_t i = 0; i < sizeof blocked.__bits / sizeof blocked.__bits[0]; i++) {
    blocked.__bits[i] |= action.sa_mask.__bits[i];
  }
  if (!(action.sa_flags & SA_NODEFER)) sigaddset(&blocked, signal);
  if (action.sa_flags & SA_SIGINFO) {
    siginfo_t info = {.si_signo = signal};
    action.sa_sigaction(signal, &info, NULL);
  } else {
    action.sa_handler(signal);
  }
  blocked = saved;
}

static void raise_or_hold(int signal) {
  if (sigismember(&blocked, signal) && signal != SIGKILL && signal != SIGSTOP) {
    sigaddset(&pending, signal);
  } else {
    deliver(signal);
  }
}

void deliver_unblocked(void) {
  for (int signal = 1; signal < _NSIG; signal++) {
    if (sigismember(&pending, signal) && !sigismember(&blocked, signal)) {
      sigdelset(&pending, signal);
      deliver(signal);
    }
  }
}

void hold_signal(int signal) {
  if (valid(signal)) sigaddset(&pending, signal);
}

static uint64_t signals_handled_by(int caught) {
  uint64_t set = 0;
  for (int signal = 1; signal < _NSIG && signal <= 64; signal++) {
    void (*handler)(int) = actions[signal].sa_handler;
    int catches = handler != SIG_DFL && handler != SIG_IGN;
    if (caught ? catches : handler == SIG_IGN) set |= 1ULL << (signal - 1);
  }
  return set;
}

uint64_t caught_signals(void) { return signals_handled_by(1); }
uint64_t ignored_signals(void) { return signals_handled_by(0); }

int terminates_by_default(int signal) { return valid(signal) && !ignored_by_default(signal); }

void pause_for(uint64_t nanoseconds) {
  const __wasi_subscription_t nap = {
      .u.tag = __WASI_EVENTTYPE_CLOCK,
      .u.u.clock = {.id = __WASI_CLOCKID_MONOTONIC, .timeout = nanoseconds},
  };
  __wasi_event_t event;
  __wasi_size_t count;
  (void)__wasi_poll_oneoff(&nap, &event, 1, &count);
}

int sigaction(int signal, const struct sigaction *restrict action, struct sigaction *restrict old) {
  if (!valid(signal)) return wasix_fail(EINVAL);
  if (old) *old = actions[signal];
  if (action) {
    if (signal == SIGKILL || signal == SIGSTOP) return wasix_fail(EINVAL);
    void (*before)(int) = actions[signal].sa_handler;
    actions[signal] = *action;
    if (before != action->sa_handler) publish_signal_dispositions();
  }
  return 0;
}

void (*signal(int number, void (*handler)(int)))(int) {
  struct sigaction action = {.sa_flags = SA_RESTART}, old;
  action.sa_handler = handler;
  if (sigaction(number, &action, &old)) return SIG_ERR;
  return old.sa_handler;
}

int siginterrupt(int signal, int flag) {
  if (!valid(signal)) return wasix_fail(EINVAL);
  if (flag) actions[signal].sa_flags &= ~SA_RESTART;
  else actions[signal].sa_flags |= SA_RESTART;
  return 0;
}

int sigprocmask(int how, const sigset_t *restrict set, sigset_t *restrict old) {
  if (old) *old = blocked;
  if (set) {
    for (size_t i = 0; i < sizeof blocked.__bits / sizeof blocked.__bits[0]; i++) {
      switch (how) {
        case SIG_BLOCK:
          blocked.__bits[i] |= set->__bits[i];
          break;
        case SIG_UNBLOCK:
          blocked.__bits[i] &= ~set->__bits[i];
          break;
        case SIG_SETMASK:
          blocked.__bits[i] = set->__bits[i];
          break;
        default:
          return wasix_fail(EINVAL);
      }
    }
    deliver_unblocked();
  }
  return 0;
}

int sigpending(sigset_t *set) {
  *set = pending;
  return 0;
}

static int unblocked_pending(void) {
  for (int signal = 1; signal < _NSIG; signal++) {
    if (sigismember(&pending, signal) && !sigismember(&blocked, signal)) return 1;
  }
  return 0;
}

/* Waits for a signal. A child's exit is noticed here (the runtime does not send SIGCHLD): its
 * status is kept for the next waitpid() and SIGCHLD is raised. */
int sigsuspend(const sigset_t *mask) {
  sigset_t saved = blocked;
  blocked = *mask;
  while (!unblocked_pending()) {
    take_sent_signals();
    int reaped = reap_finished_child();
    if (reaped < 0) break;
    if (reaped) {
      sigaddset(&pending, SIGCHLD);
      continue;
    }
    if (!unblocked_pending()) pause_for(1000000);
  }
  deliver_unblocked();
  blocked = saved;
  deliver_unblocked();
  return wasix_fail(EINTR);
}

int kill(pid_t pid, int signal) {
  if (signal < 0 || signal >= _NSIG) return wasix_fail(EINVAL);
  if (pid <= 0) pid = getpid(); /* process groups: the caller's own */
  if (pid == getpid()) {
    if (signal) raise_or_hold(signal);
    return 0;
  }
  return send_signal(pid, signal);
}

int killpg(pid_t group, int signal) { return kill(group, signal); }

int raise(int signal) { return kill(getpid(), signal); }
