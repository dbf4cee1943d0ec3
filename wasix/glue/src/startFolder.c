/* A run's first process starts in the contract's skill folder, /skills/NAME. The page cannot
 * arrange that itself: the SDK's file API mounts the skill under /workspace only, and starts a
 * process only in a folder that exists. So the page names the link and the folder in two
 * variables, and the first process makes the link and enters the folder before main(). The
 * variables are removed at once, so no later process of the run sees them. (A shell prelude did
 * this before: `ln -s` and `exec sh` cost three process starts, over half of a warm run.) */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#define LINK_VARIABLE "SKILLBOX_SKILLS_LINK"
#define FOLDER_VARIABLE "SKILLBOX_START_FOLDER"
#define SKILLS_PATH "/skills"

/* After the working directory is set up (constructor priority 52). */
__attribute__((constructor(53))) static void enter_start_folder(void) {
  const char *target = getenv(LINK_VARIABLE);
  const char *folder = getenv(FOLDER_VARIABLE);
  /* Where the link cannot be made the process stays where the page started it: the same files
   * under their /workspace path. */
  if (target && (!symlink(target, SKILLS_PATH) || errno == EEXIST) && folder) chdir(folder);
  unsetenv(LINK_VARIABLE);
  unsetenv(FOLDER_VARIABLE);
}
