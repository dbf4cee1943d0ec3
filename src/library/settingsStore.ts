import { type DBSchema, openDB } from "idb";
import type { Usage } from "../tools/records";

/** One skill's place in the agent profile. */
export interface SkillSetting {
  name: string;
  bound: boolean;
  active: boolean;
}

/** The app's own settings: the agent profile's binding and the usage counters. */
export interface SettingsStore {
  loadSkills(): Promise<SkillSetting[]>;
  saveSkills(skills: SkillSetting[]): Promise<void>;
  loadUsage(): Promise<Usage>;
  saveUsage(usage: Usage): Promise<void>;
}

interface SettingsDb extends DBSchema {
  settings: { key: string; value: SkillSetting[] | Usage };
}

const EMPTY_USAGE: Usage = { skill_execution: 0 };

export class MemorySettingsStore implements SettingsStore {
  private skills: SkillSetting[] = [];
  private usage: Usage = { ...EMPTY_USAGE };

  async loadSkills() {
    return [...this.skills];
  }
  async saveSkills(skills: SkillSetting[]) {
    this.skills = [...skills];
  }
  async loadUsage() {
    return { ...this.usage };
  }
  async saveUsage(usage: Usage) {
    this.usage = { ...usage };
  }
}

/** Settings in IndexedDB, so the binding and usage survive reloads. */
export async function openIdbSettingsStore(name = "skillbox-settings"): Promise<SettingsStore> {
  const db = await openDB<SettingsDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore("settings");
    },
  });
  return {
    loadSkills: async () =>
      ((await db.get("settings", "skills")) as SkillSetting[] | undefined) ?? [],
    saveSkills: async (skills) => {
      await db.put("settings", skills, "skills");
    },
    loadUsage: async () =>
      ((await db.get("settings", "usage")) as Usage | undefined) ?? { ...EMPTY_USAGE },
    saveUsage: async (usage) => {
      await db.put("settings", usage, "usage");
    },
  };
}
