/* User descriptors 3-9, which the glue layer keeps on hidden runtime descriptors (descriptors.c). */
#ifndef SKILLBOX_DESCRIPTORS_H
#define SKILLBOX_DESCRIPTORS_H

/* The user descriptors 3-9 open now, as "3=65003" items, NULL-terminated (static storage): the
 * runtime keeps the hidden descriptors open across exec, and the carrier tells the new program
 * which they are (execArguments.c). */
char **shadowed_descriptors(void);

/* Takes the table a program's parent carried across exec; ignores items that name anything but a
 * user descriptor 3-9 on an open runtime descriptor. */
void adopt_shadowed_descriptors(char *const items[]);

#endif
