/** Small bundles for tests, as CONTRACT §6 maps of `FOLDER/path` → contents. */
export function skillMd(name: string, description = `The ${name} test skill.`, extra = ""): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n\nRun scripts/main.py.\n`;
}

export function minimalSkill(
  name = "hello-skill",
  files: Record<string, string | Uint8Array> = {},
): Record<string, string | Uint8Array> {
  return {
    [`${name}/SKILL.md`]: skillMd(name),
    [`${name}/scripts/main.py`]: "print('hello')\n",
    ...Object.fromEntries(Object.entries(files).map(([p, c]) => [`${name}/${p}`, c])),
  };
}
