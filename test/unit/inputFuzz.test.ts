import fc from "fast-check";
import { zipSync } from "fflate";
import { describe, expect, test } from "vitest";
import {
  BundleValidationError,
  bundleFromMap,
  bundleFromZip,
  MemorySkillStorage,
  SkillRegistry,
} from "../../src/skills";
import { minimalSkill } from "../helpers/skillFixtures";

/** Strings that tend to break parsers: YAML syntax, control characters, long runs. */
const nasty = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\n",
    "---",
    ": x",
    "&a [*a, *a]",
    "*undefined",
    "!!binary AAAA",
    "{",
    "[",
    "'",
    '"',
    "\u0000",
    "\u2028",
    "1.0",
    "null",
    "- a\n- b",
    "x".repeat(2000),
  ),
);

const frontMatter = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom("name", "description", "license", "version", "metadata", "allowed-tools"),
      nasty,
    ),
    nasty,
    { maxKeys: 6 },
  )
  .map((fields) =>
    Object.entries(fields)
      .map(([key, value]) => `${key}: ${value}`)
      .join("\n"),
  );

const skillFile = fc.oneof(
  frontMatter.map((yaml) => `---\n${yaml}\n---\nbody\n`),
  fc.tuple(nasty, nasty).map(([a, b]) => `---\nname: fuzz\ndescription: ${a}\n${b}\n---\n`),
  nasty,
);

const path = fc.oneof(
  fc.constantFrom(
    "fuzz/scripts/a.py",
    "fuzz/scripts/",
    "fuzz//x",
    "fuzz/../x",
    "/abs",
    "fuzz/A.py",
    "fuzz/a.py",
    "fuzz/./x",
    "C:/x",
    "fuzz\\x",
  ),
  fc.string({ maxLength: 30 }),
);

/** A registry holding one skill, to show a refusal changes nothing. */
async function registryWithOneSkill() {
  const registry = new SkillRegistry(new MemorySkillStorage());
  await registry.install(bundleFromMap(minimalSkill("kept")));
  return registry;
}

async function installOrRefuse(
  registry: SkillRegistry,
  build: () => ReturnType<typeof bundleFromMap>,
) {
  let bundle: ReturnType<typeof bundleFromMap>;
  try {
    bundle = build();
  } catch (error) {
    // The only way to refuse: a validation error listing problems, never anything else.
    expect(error).toBeInstanceOf(BundleValidationError);
    expect((error as BundleValidationError).problems.length).toBeGreaterThan(0);
    return "refused";
  }
  await registry.install(bundle);
  return "installed";
}

describe("fuzzing SKILL.md and zip input (fast-check)", () => {
  test("any SKILL.md and paths: a bundle or a list of problems; a refusal changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        skillFile,
        fc.array(fc.tuple(path, nasty), { maxLength: 4 }),
        async (md, extra) => {
          const registry = await registryWithOneSkill();
          const before = await registry.listSkills();
          const files = Object.fromEntries([["fuzz/SKILL.md", md], ...extra]);
          if ((await installOrRefuse(registry, () => bundleFromMap(files))) === "refused") {
            expect(await registry.listSkills()).toEqual(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test("any damage to a zip: a bundle or a list of problems, never a crash", async () => {
    const valid = zipSync({
      "fuzz/SKILL.md": new TextEncoder().encode("---\nname: fuzz\ndescription: Fuzzed.\n---\nx\n"),
      "fuzz/scripts/a.py": new TextEncoder().encode("print(1)\n"),
    });
    const damaged = fc.array(
      fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    await fc.assert(
      fc.asyncProperty(damaged, fc.nat({ max: valid.length }), async (changes, cut) => {
        const bytes = valid.slice(0, Math.max(cut, valid.length - 8));
        for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
        const registry = await registryWithOneSkill();
        const before = await registry.listSkills();
        if ((await installOrRefuse(registry, () => bundleFromZip(bytes))) === "refused") {
          expect(await registry.listSkills()).toEqual(before);
        }
      }),
      { numRuns: 400 },
    );
  });

  test("random bytes are never taken for a zip", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(() => bundleFromZip(bytes)).toThrow(BundleValidationError);
      }),
      { numRuns: 300 },
    );
  });
});
