import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, unzipSync, type Zippable, zipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { filesUnder } from "../helpers/corpus";
import {
  OVERSIZED_SKILL,
  type SkillServer,
  startSkillServer,
  TAMPERED_SKILL,
} from "../helpers/skillServer";
import { type StandInForge, startStandInForge } from "../helpers/standInForge";
import { launchChromium, openApp, runScript } from "./app";

const DEMO_DIR = join(import.meta.dirname, "..", "..", "public", "skills");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Every file of a demo skill folder, keyed `FOLDER/path`. */
function demoFiles(name: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const [path, data] of filesUnder(join(DEMO_DIR, name))) {
    files[`${name}/${path}`] = new Uint8Array(data);
  }
  return files;
}

/** A demo skill renamed, so it installs as a new skill beside the demo one. */
function renamed(name: string, newName: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const [path, data] of Object.entries(demoFiles(name))) {
    const moved = `${newName}/${path.slice(name.length + 1)}`;
    files[moved] = path.endsWith("SKILL.md")
      ? strToU8(new TextDecoder().decode(data).replace(`name: ${name}`, `name: ${newName}`))
      : data;
  }
  return files;
}

async function uploadZip(page: Page, name: string, files: Zippable) {
  await page.setInputFiles("#import-zip", {
    name: `${name}.zip`,
    mimeType: "application/zip",
    buffer: Buffer.from(zipSync(files)),
  });
}

/** Runs the installed word-count skill's script on its sample text. */
async function countWords(page: Page): Promise<RunScriptResult> {
  return (await runScript(page, "word-count", "scripts/count.py", [
    "data/sample.txt",
  ])) as RunScriptResult;
}

/** Opens a skill's detail from the library and waits for the line that names its origin. */
async function openDetail(page: Page, name: string, origin: string) {
  await page
    .locator("#skill-list li", { hasText: name })
    .getByRole("button", { name: "Details" })
    .click();
  const detail = page.locator("#skill-detail");
  await expect
    .poll(() => detail.locator(".origin").textContent(), { timeout: 30_000 })
    .toBe(origin);
  return detail;
}

async function waitForStatus(page: Page, pattern: RegExp) {
  await page.waitForFunction(
    (source) =>
      new RegExp(source).test(document.getElementById("import-status")?.textContent ?? ""),
    pattern.source,
    { timeout: 60_000 },
  );
  return page.locator("#import-status").textContent();
}

const skillNames = (page: Page) =>
  page.evaluate(async () => (await window.skillbox.listSkills()).map((s) => s.name));

describe("library import surfaces in the app", () => {
  test("a zip upload and a folder pick install; after a reload both are still there and run", async () => {
    const page = await openApp(browser);
    await uploadZip(page, "zipped", renamed("csv-insights", "csv-from-zip"));
    expect(await waitForStatus(page, /^Installed csv-from-zip version 1/)).toBeTruthy();

    const folder = join(mkdtempSync(join(tmpdir(), "skill-folder-")), "bank-from-folder");
    cpSync(join(DEMO_DIR, "demo-bank-api"), folder, { recursive: true });
    const skillMd = join(folder, "SKILL.md");
    const text = readFileSync(skillMd, "utf8").replace(
      "name: demo-bank-api",
      "name: bank-from-folder",
    );
    writeFileSync(skillMd, text);
    await page.setInputFiles("#import-folder", folder);
    expect(await waitForStatus(page, /^Installed bank-from-folder version 1/)).toBeTruthy();
    await page.locator('#skill-list li[data-skill="bank-from-folder"]').waitFor();

    await page.reload();
    await page.waitForFunction(() => "skillbox" in window);
    await page.evaluate(() => window.skillbox.ready);
    expect(await skillNames(page)).toEqual(
      expect.arrayContaining(["csv-from-zip", "bank-from-folder"]),
    );
    const result = (await runScript(page, "bank-from-folder", "scripts/bank_api.py", [
      "verify-customer",
      "--egn-last4",
      "8836",
      "--dob",
      "1985-01-30",
    ])) as RunScriptResult;
    expect(JSON.parse(result.stdout)).toMatchObject({ challenge_id: "ch.CUST-1004" });
    await page.context().close();
  });

  test("an invalid zip installs nothing and the page lists every problem", async () => {
    const page = await openApp(browser);
    const before = await skillNames(page);
    await uploadZip(page, "bad", {
      "Wrong/SKILL.md": strToU8("---\nname: right\nauthor: me\n---\n"),
      "Wrong/../../escape.sh": strToU8("echo"),
    });
    await waitForStatus(page, /^Nothing was installed/);
    const problems = await page.locator("#import-errors li").allTextContents();
    expect(problems).toEqual(
      expect.arrayContaining([
        "Wrong/../../escape.sh: path contains '..'",
        'warning: Wrong/SKILL.md (name): "right" should equal the folder name "Wrong"; the skill installs as "right"',
        "Wrong/SKILL.md (description): is required",
        expect.stringMatching(
          /^warning: Wrong\/SKILL\.md \(author\): is not a key of the specification/,
        ),
      ]),
    );
    expect(await skillNames(page)).toEqual(before);
    await page.context().close();
  });

  test("a macOS zip with extra keys installs; the library shows its warnings; the publish check refuses it", async () => {
    const page = await openApp(browser);
    const zip = {
      "mac-skill/SKILL.md": strToU8(
        "---\nname: mac-skill\ndescription: Made on a Mac.\nversion: 2.1\n---\nHello.\n",
      ),
      "mac-skill/.DS_Store": strToU8("finder"),
      "__MACOSX/mac-skill/._SKILL.md": strToU8("fork"),
    };
    await page.locator("#publish-check").check();
    await uploadZip(page, "mac", zip);
    await waitForStatus(page, /^Nothing was installed/);
    expect(await page.locator("#import-errors li").allTextContents()).toEqual([
      "mac-skill/SKILL.md (version): is not a key of the specification and is ignored; known keys: name, description, license, compatibility, metadata, allowed-tools",
    ]);
    await page.locator("#publish-check").uncheck();
    await uploadZip(page, "mac", zip);
    await waitForStatus(page, /^Installed mac-skill version 1 in \d+ ms, with 1 warning:/);
    expect(await page.locator("#import-errors li").allTextContents()).toEqual([
      expect.stringMatching(/^warning: mac-skill\/SKILL.md \(version\): is not a key/),
    ]);
    const item = page.locator('[data-skill="mac-skill"]');
    await expect.poll(() => item.locator(".badge").textContent()).toBe("1 warning");
    const files = await page.evaluate(async () => [
      ...((await window.skillbox.getSkill("mac-skill"))?.files.keys() ?? []),
    ]);
    expect(files).toEqual(["SKILL.md"]);
    await page.context().close();
  });

  test("export then re-import gives byte-identical files", async () => {
    const page = await openApp(browser);
    const exported = await page.evaluate(() => window.skillbox.exportSkill("csv-insights"));
    const unpacked = unzipSync(Buffer.from(exported, "base64"));
    const original = demoFiles("csv-insights");
    expect(Object.keys(unpacked).sort()).toEqual(Object.keys(original).sort());
    for (const [path, data] of Object.entries(original))
      expect(Buffer.from(unpacked[path]!).equals(Buffer.from(data))).toBe(true);
    expect(
      await page.evaluate((zip) => window.skillbox.installSkill({ zipBase64: zip }), exported),
    ).toEqual({ name: "csv-insights", version: 2, warnings: [] });
    const again = await page.evaluate(() => window.skillbox.exportSkill("csv-insights", 2));
    expect(again).toBe(exported);
    await page.context().close();
  });

  test("a 40 MB zip of 500 files imports within the limits and shows progress", async () => {
    const page = await openApp(browser);
    const files: Zippable = {
      "big-skill/SKILL.md": strToU8(
        "---\nname: big-skill\ndescription: Many data files.\n---\nData.\n",
      ),
    };
    for (let i = 1; i < 500; i++)
      files[`big-skill/data/part-${String(i).padStart(3, "0")}.bin`] = new Uint8Array(
        randomBytes(80_000),
      );
    const zip = zipSync(files, { level: 0 });
    expect(zip.byteLength).toBeGreaterThan(39_000_000);
    expect(zip.byteLength).toBeLessThan(50 * 1024 * 1024);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const progress = document.getElementById("import-progress") as HTMLProgressElement;
      new MutationObserver(() => seen.push(progress.value)).observe(progress, { attributes: true });
      setInterval(() => {
        if (!progress.hidden) seen.push(progress.value);
      }, 5);
    });
    // A path, not a buffer: Playwright would push 40 MB through the protocol connection, which
    // took over 30 s on a loaded CI machine; from a path the browser reads the file itself.
    const zipPath = join(mkdtempSync(join(tmpdir(), "big-zip-")), "big.zip");
    writeFileSync(zipPath, zip);
    await page.setInputFiles("#import-zip", zipPath);
    const status = await waitForStatus(page, /^Installed big-skill version 1 in \d+ ms/);
    console.log(`40 MB / 500-file zip: ${status}`);
    const progressSeen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(progressSeen.some((value) => value > 0 && value < 500)).toBe(true);
    const skill = await page.evaluate(() =>
      window.skillbox.listSkills().then((s) => s.find((x) => x.name === "big-skill")),
    );
    expect(skill).toMatchObject({ versions: [1] });
    await page.context().close();
  });
});

describe("a skill folder from a GitHub address", () => {
  let forge: StandInForge;
  const FILES: Record<string, string> = {
    "README.md": "# Skills\n",
    "skills/word-count/SKILL.md":
      "---\nname: word-count\ndescription: Counts words.\n---\nRun scripts/count.py FILE.\n",
    "skills/word-count/scripts/count.py":
      "import sys\nprint(len(open(sys.argv[1]).read().split()))\n",
    "skills/word-count/data/sample.txt": "one two three four\n",
  };
  beforeAll(async () => {
    forge = await startStandInForge({
      "acme/skills": {
        defaultBranch: "main",
        branches: { main: { ...FILES } },
      },
    });
  });
  afterAll(async () => {
    await forge?.close();
  });

  test("installs through Add skill, pinned to its commit, runs, and updates to a newer commit; a bad address installs nothing", async () => {
    const page = await openApp(browser);
    // GitHub's hosts, answered by the stand-in forge on 127.0.0.1.
    await page.context().route("https://api.github.com/**", async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({
        response: await route.fetch({ url: `${forge.api}${url.pathname}${url.search}` }),
      });
    });
    await page.context().route("https://raw.githubusercontent.com/**", async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${forge.raw}${url.pathname}` }) });
    });
    const address = "https://github.com/acme/skills/tree/main/skills/word-count";
    const install = async (value: string) => {
      await page.locator("#add-skill summary").click();
      await page.getByRole("button", { name: "From GitHub…" }).click();
      await page.locator("#import-url").fill(value);
      await page.locator("#import-url-button").click();
    };

    await install("https://github.com/acme/skills/tree/main/skills/nothing-here");
    expect(await waitForStatus(page, /^Nothing was installed/)).toBe("Nothing was installed:");
    expect(await page.locator("#import-errors").textContent()).toMatch(
      /no folder "skills\/nothing-here"/,
    );
    expect(
      (await page.evaluate(() => window.skillbox.listSkills())).map((s) => s.name),
    ).not.toContain("word-count");

    await install(address);
    expect(await waitForStatus(page, /^Installed word-count version 1/)).toMatch(
      /^Installed word-count version 1/,
    );
    const stored = await page.evaluate(async () => {
      const skill = await window.skillbox.getSkill("word-count");
      return { origin: skill?.origin, files: [...(skill?.files.keys() ?? [])].sort() };
    });
    expect(stored).toEqual({
      origin: { kind: "repository", url: address, commit: forge.commitOf("acme/skills", "main") },
      files: ["SKILL.md", "data/sample.txt", "scripts/count.py"],
    });
    expect(await countWords(page)).toMatchObject({ exit_code: 0, stdout: "4\n" });
    const detail = await openDetail(
      page,
      "word-count",
      `Imported from ${address} at commit ${forge.commitOf("acme/skills", "main").slice(0, 12)} Check for updates `,
    );
    await detail.getByRole("button", { name: "Check for updates" }).click();
    await expect
      .poll(() => detail.locator(".update-status").textContent(), { timeout: 30_000 })
      .toBe("Up to date.");

    // A push to the branch: the check installs the new commit as version 2, the default.
    const files = {
      ...FILES,
      "skills/word-count/scripts/count.py":
        "import sys\nprint('words:', len(open(sys.argv[1]).read().split()))\n",
    };
    forge.push("acme/skills", "main", files);
    await detail.getByRole("button", { name: "Check for updates" }).click();
    await expect
      .poll(() => detail.locator("#skill-detail-title").textContent(), { timeout: 30_000 })
      .toBe("word-count — version 2");
    expect(
      await page.evaluate(async () => (await window.skillbox.getSkill("word-count"))?.origin),
    ).toEqual({ kind: "repository", url: address, commit: forge.commitOf("acme/skills", "main") });
    expect((await countWords(page)).stdout).toBe("words: 4\n");
    await page.context().close();
  });
});

describe("skills from an MCP server (the Skills extension)", () => {
  let server: SkillServer;
  const WORD_COUNT: Record<string, string> = {
    "SKILL.md":
      "---\nname: word-count\ndescription: Counts words.\n---\nRun scripts/count.py FILE.\n",
    "scripts/count.py": "import sys\nprint(len(open(sys.argv[1]).read().split()))\n",
    "data/sample.txt": "one two three four\n",
  };
  beforeAll(async () => {
    server = await startSkillServer([
      { path: "acme/word-count", files: { ...WORD_COUNT } },
      TAMPERED_SKILL,
      OVERSIZED_SKILL,
      {
        path: "csv-insights",
        files: { "SKILL.md": "---\nname: csv-insights\ndescription: Not the demo.\n---\n" },
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("lists a server's skills, installs one with its digests checked, runs it and updates it; every failure installs nothing", async () => {
    const page = await openApp(browser);
    const names = async () =>
      (await page.evaluate(() => window.skillbox.listSkills())).map((s) => s.name);
    const before = await names();
    await page.locator("#add-skill summary").click();
    await page.getByRole("button", { name: "From an MCP server…" }).click();
    await page.locator("#mcp-url").fill(server.url);
    await page.locator("#mcp-connect").click();
    await expect.poll(() => page.locator("#mcp-skills li").count(), { timeout: 30_000 }).toBe(4);
    expect(await page.locator("#mcp-status").textContent()).toBe(`4 skills on ${server.url}:`);
    const huge = page.locator('#mcp-skills li[data-uri="skill://huge/SKILL.md"]');
    expect(await huge.textContent()).toContain(
      "Cannot be installed: skill://huge/blob.bin is 209715200 bytes, past the import limit",
    );
    expect(await huge.getByRole("button").count()).toBe(0);

    // The dialog stays open: each Install shows its outcome beside its skill.
    const install = async (name: string) => {
      const outcome = page.locator("#mcp-skills li", { hasText: name }).locator(".outcome");
      await page.getByRole("button", { name: `Install ${name}` }).click();
      await expect
        .poll(() => outcome.textContent(), { timeout: 60_000 })
        .not.toMatch(/^(Installing…)?$/);
      return outcome.textContent();
    };
    expect(await install("tampered")).toMatch(
      /^Nothing was installed: skill:\/\/tampered\/run\.py does not match its digest/,
    );
    expect(await page.locator("#import-errors").textContent()).toMatch(
      /^skill:\/\/tampered\/run\.py does not match its digest/,
    );
    // The bundled demo of that name stays; the server's skill does not take its place.
    expect(await install("csv-insights")).toMatch(
      /^Nothing was installed: a skill named "csv-insights" is already installed, from a folder, a zip, a paste or the bundled demos;/,
    );
    expect(await names()).toEqual(before);

    expect(await install("word-count")).toBe("Installed word-count version 1.");
    expect(await page.locator("#import-status").textContent()).toMatch(
      /^Installed word-count version 1 in \d+ ms\.$/,
    );
    await page.locator("#mcp-dialog").getByRole("button", { name: "Cancel" }).click();
    const origin = await page.evaluate(
      async () => (await window.skillbox.getSkill("word-count"))?.origin,
    );
    expect(origin).toMatchObject({
      kind: "mcp",
      server: server.url,
      uri: "skill://acme/word-count/SKILL.md",
    });
    expect(origin?.kind === "mcp" && origin.files.map((f) => f.uri).sort()).toEqual([
      "skill://acme/word-count/SKILL.md",
      "skill://acme/word-count/data/sample.txt",
      "skill://acme/word-count/scripts/count.py",
    ]);
    expect(await countWords(page)).toMatchObject({ exit_code: 0, stdout: "4\n" });
    const detail = await openDetail(
      page,
      "word-count",
      `Installed from the MCP server ${server.url} as skill://acme/word-count/SKILL.md Check for updates `,
    );
    await detail.getByRole("button", { name: "Check for updates" }).click();
    await expect
      .poll(() => detail.locator(".update-status").textContent(), { timeout: 30_000 })
      .toBe("Up to date.");

    // The publisher changes a script: its digest changes, and the check installs version 2.
    server.skills[0]!.files["scripts/count.py"] =
      "import sys\nprint('words:', len(open(sys.argv[1]).read().split()))\n";
    await detail.getByRole("button", { name: "Check for updates" }).click();
    await expect
      .poll(() => detail.locator("#skill-detail-title").textContent(), { timeout: 30_000 })
      .toBe("word-count — version 2");
    expect((await countWords(page)).stdout).toBe("words: 4\n");

    // The server gone: the check says so and the library keeps both versions.
    await server.close();
    await detail.getByRole("button", { name: "Check for updates" }).click();
    await expect
      .poll(() => detail.locator(".update-status").textContent(), { timeout: 30_000 })
      .toMatch(/^could not connect to the MCP server at /);
    expect(
      (await page.evaluate(() => window.skillbox.listSkills())).find((s) => s.name === "word-count")
        ?.versions,
    ).toEqual([1, 2]);
    await page.context().close();
  });
});

describe("agent profile (CONTRACT §2) in the app", () => {
  test("binding and Active decide reachability and instruction lines; none leaves no tool", async () => {
    const page = await openApp(browser);
    const before = await page.evaluate(() => window.skillbox.agentContext());
    expect(before.tools.map((t) => t.name)).toEqual(["get_skill_instructions", "run_skill_script"]);
    expect(before.instructionLines.some((l) => l.startsWith("[skill: demo-bank-api] "))).toBe(true);

    await page
      .locator('#skill-list li[data-skill="demo-bank-api"] input[name="active-demo-bank-api"]')
      .uncheck();
    await page.waitForFunction(
      async () =>
        (await window.skillbox.profile()).find((s) => s.name === "demo-bank-api")?.active === false,
    );
    const inactive = await page.evaluate(() => window.skillbox.agentContext());
    expect(inactive.instructionLines.some((l) => l.includes("demo-bank-api"))).toBe(false);
    expect(
      await page.evaluate(() =>
        window.skillbox.callAgentTool("get_skill_instructions", { skill_name: "demo-bank-api" }),
      ),
    ).toEqual({
      error: "Skill is not in this agent's accessible skills",
    });
    // CONTRACT §6: callTool binds what it names (default: all), whatever the profile says.
    expect(
      await page.evaluate(() =>
        window.skillbox.callTool("get_skill_instructions", { skill_name: "demo-bank-api" }),
      ),
    ).toHaveProperty("instructions");

    for (const name of ["csv-insights", "log-report-sh", "spreadsheet-report", "text-tools-js"]) {
      await page.evaluate((n) => window.skillbox.updateProfile(n, { bound: false }), name);
    }
    const none = await page.evaluate(() => window.skillbox.agentContext());
    expect(none).toEqual({ instructionLines: [], tools: [] });

    await page.reload();
    await page.waitForFunction(() => "skillbox" in window);
    await page.evaluate(() => window.skillbox.ready);
    expect(await page.evaluate(() => window.skillbox.agentContext())).toEqual({
      instructionLines: [],
      tools: [],
    });
    await page.context().close();
  });

  test("usage and output file storage persist; output files can be cleared", async () => {
    const page = await openApp(browser);
    await runScript(page, "csv-insights", "scripts/summarize.py");
    expect(await page.evaluate(() => window.skillbox.usage())).toEqual({ skill_execution: 1 });
    expect((await page.evaluate(() => window.skillbox.outputFiles())).files).toBeGreaterThan(0);
    await page.reload();
    await page.waitForFunction(() => "skillbox" in window);
    await page.evaluate(() => window.skillbox.ready);
    expect(await page.evaluate(() => window.skillbox.usage())).toEqual({ skill_execution: 1 });
    await page.locator("#clear-output").click();
    await page.waitForFunction(async () => (await window.skillbox.outputFiles()).files === 0);
    await page.context().close();
  });
});
