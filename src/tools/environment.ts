/** Where a skill's files are mounted; also its working directory (CONTRACT §3–§4). */
export function skillDirectory(skillName: string): string {
  return `/skills/${skillName}`;
}

/**
 * The whole environment a script sees: SKILL_PARAMETERS and ordinary variables, built from
 * nothing the host page holds, so no key or secret can leak into a run.
 */
export function scriptEnvironment(skillName: string): Record<string, string> {
  return {
    SKILL_PARAMETERS: "{}",
    HOME: "/home/user",
    PWD: skillDirectory(skillName),
    PATH: "/usr/local/bin:/usr/bin:/bin",
    LANG: "C.UTF-8",
    TMPDIR: "/tmp",
    USER: "user",
  };
}
