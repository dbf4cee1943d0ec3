import { describe, expect, test } from "vitest";
import { bundleFromMap, SkillRegistry } from "../../src/skills";
import { minimalSkill, skillMd } from "../helpers/skillFixtures";

function install(registry: SkillRegistry, name: string, description?: string) {
  return registry.install(
    bundleFromMap({ ...minimalSkill(name), [`${name}/SKILL.md`]: skillMd(name, description) }),
  );
}

describe("skill registry versions (CONTRACT §1)", () => {
  test("first install is version 1 and the default; the next is N+1 and latest", async () => {
    const registry = new SkillRegistry();
    expect(install(registry, "a", "first")).toEqual({ name: "a", version: 1 });
    expect(install(registry, "a", "second")).toEqual({ name: "a", version: 2 });
    const [summary] = await registry.listSkills();
    expect(summary).toMatchObject({
      name: "a",
      versions: [1, 2],
      latestVersion: 2,
      defaultVersion: 1,
    });
    expect(summary?.description).toBe("first");
    expect((await registry.getSkill("a"))?.version).toBe(1);
    expect((await registry.getSkill("a", 2))?.manifest.description).toBe("second");
  });

  test("the default can be changed and is then used when no version is named", async () => {
    const registry = new SkillRegistry();
    install(registry, "a", "first");
    install(registry, "a", "second");
    registry.setDefaultVersion("a", 2);
    expect((await registry.getSkill("a"))?.version).toBe(2);
    expect(() => registry.setDefaultVersion("a", 9)).toThrow('Skill "a" has no version 9');
  });

  test("the default version cannot be deleted; another can", async () => {
    const registry = new SkillRegistry();
    install(registry, "a");
    install(registry, "a");
    install(registry, "a");
    expect(() => registry.deleteVersion("a", 1)).toThrow(
      /default version of "a" and cannot be deleted/,
    );
    registry.deleteVersion("a", 3);
    const [summary] = await registry.listSkills();
    expect(summary).toMatchObject({ versions: [1, 2], latestVersion: 2, defaultVersion: 1 });
    expect(install(registry, "a").version).toBe(4);
  });

  test("deleting the last version deletes the skill", async () => {
    const registry = new SkillRegistry();
    install(registry, "a");
    registry.deleteVersion("a", 1);
    expect(await registry.listSkills()).toEqual([]);
    expect(await registry.getSkill("a")).toBeUndefined();
  });

  test("deleting a skill deletes all its versions", async () => {
    const registry = new SkillRegistry();
    install(registry, "a");
    install(registry, "a");
    install(registry, "b");
    registry.deleteSkill("a");
    expect((await registry.listSkills()).map((s) => s.name)).toEqual(["b"]);
    expect(await registry.getSkill("a", 2)).toBeUndefined();
    expect(() => registry.deleteSkill("a")).toThrow('Skill "a" is not installed');
  });
});
