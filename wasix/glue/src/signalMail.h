/* Signals between the processes of a run (signalMail.c). */
#ifndef SKILLBOX_SIGNAL_MAIL_H
#define SKILLBOX_SIGNAL_MAIL_H

#include <sys/types.h>

/* kill() to another process of the run. */
int send_signal(pid_t pid, int signal);

/* Whether other processes send this one signals by mail: it catches one of them. */
int receives_signal_mail(void);

/* Marks the signals other processes have sent this one pending. Called wherever the process
 * waits; a process that receives no mail is sent none, and this costs it nothing. */
void take_sent_signals(void);

/* Tells senders which signals this process catches and ignores; after every change. */
void publish_signal_dispositions(void);

/* A forked child starts with an empty mailbox of its own; an exec keeps ignored signals ignored
 * and resets caught ones, as on Linux. */
void signals_after_fork(void);
void signals_before_exec(void);
void signals_after_failed_exec(void);

#endif
