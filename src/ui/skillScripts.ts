import type { Skillbox } from "../api/skillbox";
import { SCRIPT_LANGUAGES } from "../sandbox/runtime";
import { exampleArgs } from "../skills/exampleArgs";

const isScript = (path: string) =>
  Object.keys(SCRIPT_LANGUAGES).some((extension) => path.endsWith(extension));

/** A skill's runnable scripts, each with the example argument lists its instructions give. */
export interface SkillScripts {
  scripts: string[];
  examples: ReadonlyMap<string, string[][]>;
}

/** The files of a skill that `run_skill_script` can run, as its instructions list them. */
export async function skillScripts(skillbox: Skillbox, skillName: string): Promise<SkillScripts> {
  const instructions = await skillbox.callTool("get_skill_instructions", {
    skill_name: skillName,
  });
  if (!("instructions" in instructions)) return { scripts: [], examples: new Map() };
  const scripts = instructions.files.map((file) => file.fileName).filter(isScript);
  return {
    scripts,
    examples: new Map(
      scripts.map((path) => [path, exampleArgs(instructions.instructions, path, scripts.length)]),
    ),
  };
}
