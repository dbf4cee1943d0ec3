import demoSkillPaths from "virtual:demo-skills";
import type { InstallSource } from "../src/index";

/** The bundled demo skills (public/skills), one install source per skill folder. */
export async function loadDemoSkills(base = "/skills/"): Promise<InstallSource[]> {
  const byFolder = new Map<string, Record<string, Uint8Array>>();
  await Promise.all(
    demoSkillPaths.map(async (path) => {
      const response = await fetch(`${base}${path}`);
      if (!response.ok)
        throw new Error(`could not load demo skill file ${path}: HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const folder = path.split("/")[0]!;
      byFolder.set(folder, { ...byFolder.get(folder), [path]: bytes });
    }),
  );
  return [...byFolder.values()].map((files) => ({ files }));
}
