/* Children whose exit sigsuspend() noticed before the program asked waitpid() for them. */
#ifndef SKILLBOX_REAPED_CHILDREN_H
#define SKILLBOX_REAPED_CHILDREN_H

/* 1: a child had finished and is kept for waitpid(); 0: none has; -1: there are no children. */
int reap_finished_child(void);

#endif
