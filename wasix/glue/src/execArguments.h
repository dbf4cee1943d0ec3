/* Arguments and environment variables the runtime cannot pass as they are, across exec. */
#ifndef SKILLBOX_EXEC_ARGUMENTS_H
#define SKILLBOX_EXEC_ARGUMENTS_H

/* Whether `text` is well-formed UTF-8, as the runtime requires of every argument and variable. */
int is_utf8(const char *text);

/* The environment to exec with: envp itself, or (when an argument or variable is empty, has a
 * newline or is not UTF-8, which the runtime's lists cannot carry) a copy with both lists escaped in
 * one more variable that the new program's glue layer decodes before main(). NULL: no memory. */
char **exec_environment(char *const argv[], char *const envp[]);
void free_exec_environment(char **environment, char *const envp[]);

#endif
