/* Execution domains: a run has one (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_PERSONALITY_H
#define SKILLBOX_WASIX_SYS_PERSONALITY_H

#define PER_LINUX 0
#define PER_LINUX32 8

int personality(unsigned long);

#endif
