/* Swap: a run has none (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_SWAP_H
#define SKILLBOX_WASIX_SYS_SWAP_H

#define SWAP_FLAG_PREFER 0x8000
#define SWAP_FLAG_DISCARD 0x10000

int swapon(const char *, int);
int swapoff(const char *);

#endif
