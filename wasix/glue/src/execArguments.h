/* Arguments and environment variables the runtime cannot pass as they are, across exec. */
#ifndef SKILLBOX_EXEC_ARGUMENTS_H
#define SKILLBOX_EXEC_ARGUMENTS_H

/* Whether `text` is well-formed UTF-8, as the runtime requires of every argument and variable. */
int is_utf8(const char *text);

/* The environment to exec with: a copy of envp plus one more variable holding argv and envp
 * escaped, which the new program's glue layer decodes before main() and uses in place of the
 * runtime's lists (see execArguments.c for what those lose). NULL: no memory. */
char **exec_environment(char *const argv[], char *const envp[]);
void free_exec_environment(char **environment, char *const envp[]);

#endif
