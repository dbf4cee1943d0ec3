import type { SkillCatalog } from "../skills/registry";
import type { AgentBinding } from "../tools/binding";
import type { SettingsStore, SkillSetting } from "./settingsStore";

/**
 * The app's agent: which installed skills it has (bound) and which of those it may use (Active).
 * A newly installed skill starts bound and Active; a deleted one leaves the profile.
 */
export class AgentProfile {
  constructor(
    private readonly settings: SettingsStore,
    private readonly catalog: SkillCatalog,
  ) {}

  /** Every installed skill with its setting. */
  async skills(): Promise<SkillSetting[]> {
    const saved = new Map((await this.settings.loadSkills()).map((s) => [s.name, s]));
    return (await this.catalog.listSkills()).map(
      ({ name }) => saved.get(name) ?? { name, bound: true, active: true },
    );
  }

  async binding(): Promise<AgentBinding> {
    return {
      skills: (await this.skills())
        .filter((s) => s.bound)
        .map(({ name, active }) => ({ name, active })),
    };
  }

  async update(
    name: string,
    change: Partial<Pick<SkillSetting, "bound" | "active">>,
  ): Promise<void> {
    const skills = await this.skills();
    const skill = skills.find((s) => s.name === name);
    if (!skill) throw new Error(`Skill "${name}" is not installed`);
    Object.assign(skill, change);
    await this.settings.saveSkills(skills);
  }
}
