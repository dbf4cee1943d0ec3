/* System statistics: a run reports its uptime and nothing else (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_SYS_SYSINFO_H
#define SKILLBOX_WASIX_SYS_SYSINFO_H

struct sysinfo {
  long uptime;
  unsigned long loads[3];
  unsigned long totalram, freeram, sharedram, bufferram, totalswap, freeswap;
  unsigned short procs, pad;
  unsigned long totalhigh, freehigh;
  unsigned mem_unit;
};

int sysinfo(struct sysinfo *);
int get_nprocs(void);
int get_nprocs_conf(void);

#endif
