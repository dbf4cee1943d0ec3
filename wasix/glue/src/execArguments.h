/* Arguments and environment variables with newlines, across exec. */
#ifndef SKILLBOX_EXEC_ARGUMENTS_H
#define SKILLBOX_EXEC_ARGUMENTS_H

/* The environment to exec with: envp itself, or (when an argument or variable has a newline,
 * which the runtime's newline-separated lists cannot carry) a copy with both lists escaped in
 * one more variable that the new program's glue layer decodes before main(). NULL: no memory. */
char **exec_environment(char *const argv[], char *const envp[]);
void free_exec_environment(char **environment, char *const envp[]);

#endif
