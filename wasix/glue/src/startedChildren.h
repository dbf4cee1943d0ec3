/* Children that have begun to run. The runtime loses a kill that reaches a child before its first
 * instruction runs (while its worker starts): the child then never ends and holds its pipes open
 * for good. So a forked child marks that it runs, and kill waits for the mark. */
#ifndef SKILLBOX_STARTED_CHILDREN_H
#define SKILLBOX_STARTED_CHILDREN_H

#include <sys/types.h>

/* Returns once `pid`, if it is a child of this process, has begun to run (or after 2 s). */
void await_child_start(pid_t pid);

#endif
