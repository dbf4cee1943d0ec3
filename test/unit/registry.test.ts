import "fake-indexeddb/auto";
import { describe, expect, test } from "vitest";
import {
  bundleFromMap,
  IdbSkillStorage,
  MemorySkillStorage,
  SkillRegistry,
  type SkillStorage,
} from "../../src/skills";
import { minimalSkill, skillMd } from "../helpers/skillFixtures";

let databases = 0;
const storages: [string, () => Promise<SkillStorage>][] = [
  ["in memory", async () => new MemorySkillStorage()],
  ["in IndexedDB", () => IdbSkillStorage.open(`registry-test-${++databases}`)],
];

function install(registry: SkillRegistry, name: string, description?: string) {
  return registry.install(
    bundleFromMap({ ...minimalSkill(name), [`${name}/SKILL.md`]: skillMd(name, description) }),
  );
}

describe.each(storages)("skill registry versions (CONTRACT §1), %s", (_label, open) => {
  const newRegistry = async () => new SkillRegistry(await open());

  test("first install is version 1 and the default; the next is N+1 and latest", async () => {
    const registry = await newRegistry();
    expect(await install(registry, "a", "first")).toEqual({ name: "a", version: 1, warnings: [] });
    expect(await install(registry, "a", "second")).toEqual({ name: "a", version: 2, warnings: [] });
    const [summary] = await registry.listSkills();
    expect(summary).toEqual({
      name: "a",
      description: "first",
      warnings: [],
      versions: [1, 2],
      latestVersion: 2,
      defaultVersion: 1,
      about: {},
    });
    expect((await registry.getSkill("a"))?.version).toBe(1);
    expect((await registry.getSkill("a", 2))?.manifest.description).toBe("second");
    expect(
      new TextDecoder().decode((await registry.getSkill("a", 2))?.files.get("scripts/main.py")),
    ).toBe("print('hello')\n");
  });

  test("install warnings stay with their version; the skill shows its default's", async () => {
    const registry = await newRegistry();
    const lenient = bundleFromMap({
      "a/SKILL.md": "---\nname: a\ndescription: first\nversion: 1.0\n---\n",
    });
    const installed = await registry.install(lenient);
    expect(installed.warnings.map((w) => w.field)).toEqual(["version"]);
    await install(registry, "a", "second");
    expect((await registry.listSkills())[0]?.warnings.map((w) => w.field)).toEqual(["version"]);
    expect((await registry.getSkill("a", 2))?.warnings).toEqual([]);
    await registry.setDefaultVersion("a", 2);
    expect((await registry.listSkills())[0]?.warnings).toEqual([]);
    expect((await registry.getSkill("a", 1))?.warnings.map((w) => w.rule)).toEqual([
      "front-matter.unknown-key",
    ]);
  });

  test("the default can be changed and is then used when no version is named", async () => {
    const registry = await newRegistry();
    await install(registry, "a", "first");
    await install(registry, "a", "second");
    await registry.setDefaultVersion("a", 2);
    expect((await registry.getSkill("a"))?.version).toBe(2);
    expect((await registry.listSkills())[0]?.description).toBe("second");
    await expect(registry.setDefaultVersion("a", 9)).rejects.toThrow('Skill "a" has no version 9');
  });

  test("the default version cannot be deleted; another can; numbers are not reused", async () => {
    const registry = await newRegistry();
    await install(registry, "a");
    await install(registry, "a");
    await install(registry, "a");
    await expect(registry.deleteVersion("a", 1)).rejects.toThrow(
      /default version of "a" and cannot be deleted/,
    );
    await registry.deleteVersion("a", 3);
    const [summary] = await registry.listSkills();
    expect(summary).toMatchObject({ versions: [1, 2], latestVersion: 2, defaultVersion: 1 });
    expect(await registry.getSkill("a", 3)).toBeUndefined();
    expect((await install(registry, "a")).version).toBe(4);
  });

  test("deleting the last version deletes the skill", async () => {
    const registry = await newRegistry();
    await install(registry, "a");
    await registry.deleteVersion("a", 1);
    expect(await registry.listSkills()).toEqual([]);
    expect(await registry.getSkill("a")).toBeUndefined();
  });

  test("deleting a skill deletes all its versions", async () => {
    const registry = await newRegistry();
    await install(registry, "a");
    await install(registry, "a");
    await install(registry, "b");
    await registry.deleteSkill("a");
    expect((await registry.listSkills()).map((s) => s.name)).toEqual(["b"]);
    expect(await registry.getSkill("a", 2)).toBeUndefined();
    await expect(registry.deleteSkill("a")).rejects.toThrow('Skill "a" is not installed');
  });

  test("a refused change leaves everything as it was", async () => {
    const storage = await open();
    const registry = new SkillRegistry(storage);
    await install(registry, "a");
    await install(registry, "a");
    const before = await registry.listSkills();
    await expect(registry.deleteVersion("a", 1)).rejects.toThrow();
    await expect(
      storage.transact("a", () => {
        throw new Error("failed half way");
      }),
    ).rejects.toThrow("failed half way");
    expect(await registry.listSkills()).toEqual(before);
    expect((await registry.getSkill("a", 2))?.version).toBe(2);
  });
});

test("IndexedDB keeps skills across connections, as across page reloads", async () => {
  const first = new SkillRegistry(await IdbSkillStorage.open("registry-reopen"));
  await install(first, "kept", "persisted");
  const second = new SkillRegistry(await IdbSkillStorage.open("registry-reopen"));
  expect(await second.listSkills()).toEqual([
    {
      name: "kept",
      description: "persisted",
      warnings: [],
      versions: [1],
      latestVersion: 1,
      defaultVersion: 1,
      about: {},
    },
  ]);
  expect((await second.getSkill("kept"))?.files.has("SKILL.md")).toBe(true);
});
