import type { Skillbox } from "../api/createSkillbox";
import { SCRIPT_LANGUAGES } from "../sandbox/runtime";

const isScript = (path: string) =>
  Object.keys(SCRIPT_LANGUAGES).some((extension) => path.endsWith(extension));

/** The files of a skill that `run_skill_script` can run, as its instructions list them. */
export async function skillScripts(skillbox: Skillbox, skillName: string): Promise<string[]> {
  const instructions = await skillbox.callTool("get_skill_instructions", {
    skill_name: skillName,
  });
  if (!("instructions" in instructions)) return [];
  return instructions.files.map((file) => file.fileName).filter(isScript);
}
