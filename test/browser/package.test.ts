import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { zipFolder } from "../helpers/corpus";
import { type FakeModelServer, startFakeModelServer } from "../helpers/fakeModelServer";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import { launchChromium } from "./app";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = join(ROOT, "examples");
const work = mkdtempSync(join(tmpdir(), "skillbox-package-"));
const project = join(work, "vite-ai-sdk");
const plain = join(work, "plain-html");

let browser: Browser;
let model: FakeModelServer;
const servers: StaticServer[] = [];

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/**
 * `npm pack`, then the AI SDK example as a fresh project that installs the tarball from the file
 * (`--prefer-offline`: npm's cache first; npm 11 asks for full packuments of the example's other
 * dependencies, which `npm ci` of this project does not cache, so those may come from the
 * registry), builds with Vite and `skillbox/vite`; and the
 * plain HTML example with the runtime folder `npx skillbox-assets` copies.
 */
beforeAll(async () => {
  const tarball = join(
    work,
    run("npm", ["pack", "--silent", "--pack-destination", work], ROOT).trim(),
  );
  cpSync(join(EXAMPLES, "vite-ai-sdk"), project, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
  manifest.dependencies.skillbox = `file:${tarball}`;
  writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, 2));
  run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"],
    project,
  );
  run("npx", ["--offline", "vite", "build"], project);

  cpSync(join(EXAMPLES, "plain-html"), plain, { recursive: true });
  run("npx", ["--offline", "skillbox-assets", join(plain, "skillbox")], project);
  writeFileSync(join(plain, "hello-skill.zip"), zipFolder(join(plain, "hello-skill")));

  browser = await launchChromium();
  model = await startFakeModelServer((conversation) =>
    conversation.includes('"tool"')
      ? { text: "The text has 4 words." }
      : {
          calls: [
            {
              name: "run_skill_script",
              input: {
                skill_name: "word-count",
                script_path: "scripts/count.py",
                args: ["the quick brown fox"],
              },
            },
          ],
        },
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await model?.close();
  for (const server of servers) await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** A browser context where any request that leaves loopback is refused and counted. */
async function offlineContext(): Promise<{ context: BrowserContext; external: string[] }> {
  const context = await browser.newContext();
  const external: string[] = [];
  await context.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url());
    if (/^127\./.test(hostname)) return route.continue();
    external.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  return { context, external };
}

test("the packed library, installed from the tarball, builds and runs its agent offline", async () => {
  expect(readdirSync(join(project, "dist/skillbox/workers")).sort()).toEqual([
    "javascript.js",
    "python.js",
    "shell.js",
  ]);
  const server = await startStaticServer(join(project, "dist"));
  servers.push(server);
  const { context, external } = await offlineContext();
  const page = await context.newPage();
  const query = new URLSearchParams({
    endpoint: `${model.url}/v1`,
    model: "fake",
    ask: "How many words are in: the quick brown fox",
  });
  await page.goto(`${server.url}?${query}`);
  await expect
    .poll(() => page.locator("#status").textContent(), { timeout: 90_000 })
    .toBe("Answered.");
  const answer = (await page.locator("#answer").textContent())!;
  expect(answer).toContain("The text has 4 words.");
  expect(answer).toContain('"stdout": "4\\n"');
  // The model saw skill_name limited to the installed skill.
  const tools = (model.requests[0] as { tools: { function: { parameters: unknown } }[] }).tools;
  expect(JSON.stringify(tools[0]!.function.parameters)).toContain('"enum":["word-count"]');
  expect(external).toEqual([]);
});

test("the plain HTML example runs each language with the copied runtime, offline", async () => {
  const server = await startStaticServer(plain);
  servers.push(server);
  const { context, external } = await offlineContext();
  const page = await context.newPage();
  await page.goto(server.url);
  const runner = page.locator("skillbox-runner");
  await expect
    .poll(() => runner.locator("[part=script] option").count(), { timeout: 60_000 })
    .toBe(3);
  for (const [script, greeting] of [
    ["scripts/hello.py", "from Python"],
    ["scripts/hello.js", "from JavaScript"],
    ["scripts/hello.sh", "from the shell"],
  ] as const) {
    await runner.locator("[part=script]").selectOption(script);
    await runner.locator("[part=args]").fill("Grace");
    await runner.getByRole("button", { name: "Run" }).click();
    await expect
      .poll(() => runner.locator("[part=output]").textContent(), { timeout: 60_000 })
      .toContain(`Hello, Grace, ${greeting}`);
  }
  expect(await page.locator("#events").textContent()).toMatch(/skillbox-result: .*"exit_code":0/);
  expect(external).toEqual([]);
});
