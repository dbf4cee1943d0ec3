import demoSkillPaths from "virtual:demo-skills";
import type { BundleEntry } from "../skills/bundle";

/** The bundled demo skills (public/skills), one entry list per skill folder. */
export async function loadDemoSkills(base = "/skills/"): Promise<BundleEntry[][]> {
  const entries = await Promise.all(
    demoSkillPaths.map(async (path): Promise<BundleEntry> => {
      const response = await fetch(`${base}${path}`);
      if (!response.ok)
        throw new Error(`could not load demo skill file ${path}: HTTP ${response.status}`);
      return { path, data: new Uint8Array(await response.arrayBuffer()) };
    }),
  );
  const byFolder = new Map<string, BundleEntry[]>();
  for (const entry of entries) {
    const folder = entry.path.split("/")[0]!;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), entry]);
  }
  return [...byFolder.values()];
}
