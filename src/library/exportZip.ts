import { type Zippable, zipSync } from "fflate";
import type { SkillVersion } from "../skills/registry";

/** Fixed entry time, so the same version always exports to the same bytes. */
const EXPORT_MTIME = new Date("2000-01-01T00:00:00Z");

/** A version as a `.zip` holding its single top-level folder; it re-imports to the same files. */
export function exportSkillZip(version: SkillVersion): Uint8Array {
  const entries: Zippable = {};
  for (const [path, data] of [...version.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    entries[`${version.name}/${path}`] = [data, { mtime: EXPORT_MTIME }];
  }
  return zipSync(entries, { level: 6 });
}
