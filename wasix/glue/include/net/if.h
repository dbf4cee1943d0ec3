/* Network interfaces: a run has none (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_NET_IF_H
#define SKILLBOX_WASIX_NET_IF_H

#define IF_NAMESIZE 16
#define IFNAMSIZ IF_NAMESIZE

unsigned if_nametoindex(const char *);
char *if_indextoname(unsigned, char *);

#endif
