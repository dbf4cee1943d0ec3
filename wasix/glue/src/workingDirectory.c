/* The working directory lives in two places: wasi-libc resolves relative paths against its own
 * copy (which starts at "/"), and the runtime hands its copy to a program exec starts. The glue
 * layer starts libc at the runtime's directory and brings the runtime up to date before exec. */
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "wasix.h"
#include "workingDirectory.h"

void sync_runtime_directory(void) {
  char absolute[PATH_MAX];
  if (getcwd(absolute, sizeof absolute)) wasix_chdir(absolute, strlen(absolute));
}

/* After wasi-libc has found its preopened directories (constructor priority 51). */
__attribute__((constructor(52))) static void start_in_runtime_directory(void) {
  char directory[PATH_MAX];
  uint32_t length = sizeof directory - 1;
  if (wasix_getcwd(directory, &length) || length >= sizeof directory) return;
  directory[length] = '\0';
  chdir(directory);
}
