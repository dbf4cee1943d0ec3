import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SkillboxResultDetail } from "../../src/elements/runnerElement";
import { EMBED_CHANNEL } from "../../src/embed/protocol";
import type { Skillbox, ToolResult } from "../../src/index";
import { type EmbeddingWay, securityHeaders } from "../../src/server/securityHeaders";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import {
  SCRIPT_RUN_DECLINED,
  SCRIPT_RUN_UNASKED,
  SCRIPTS_NEVER_RUN,
} from "../../src/tools/scriptPolicy";
import { zipFolder } from "../helpers/corpus";
import { type CountingServer, startCountingServer } from "../helpers/countingServer";
import { type FakeModelServer, startFakeModelServer } from "../helpers/fakeModelServer";
import { hostPagePolicy } from "../helpers/hostPagePolicy";
import { type PageServer, type ServedFile, startPageServer } from "../helpers/pageServer";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import { tinyGguf } from "../helpers/tinyGguf";
import { launchChromium } from "./app";
import { expectEveryProbeBlocked, PROBE, runProbeInPage } from "./hostileProbes";

declare global {
  interface Window {
    events: string[];
  }
}

const EXAMPLES = join(import.meta.dirname, "../../examples");
const html = (body: string): ServedFile => ({ body, type: "text/html; charset=utf-8" });
const js = (body: string): ServedFile => ({ body, type: "text/javascript" });

let browser: Browser;
/** The deployment: the build, with its headers, allowing the host origin to embed it. */
let deployment: PageServer;
/** A page on another origin (127.0.0.2), not cross-origin isolated, with its own CSP. */
let host: PageServer;
/** Another origin the deployment does not allow. */
let stranger: PageServer;
/** The same build on a plain static host (no headers), allowing the host origin too. */
let staticDeployment: StaticServer;
let counting: CountingServer;
/** A model that runs the hello skill once, then answers with what it printed. */
let model: FakeModelServer;
const hostFiles: Record<string, ServedFile> = {};
const strangerFiles: Record<string, ServedFile> = {};

beforeAll(async () => {
  browser = await launchChromium();
  counting = await startCountingServer();
  model = await startFakeModelServer((conversation) => {
    const printed = /Hello, Chat, from Python[^\\"]*/.exec(conversation);
    return printed
      ? { text: `The script said: ${printed[0]}` }
      : {
          calls: [
            {
              name: "run_skill_script",
              input: { skill_name: "hello-skill", script_path: "scripts/hello.py", args: ["Chat"] },
            },
          ],
        };
  });
  host = await startPageServer({ host: "127.0.0.2", files: hostFiles });
  stranger = await startPageServer({ host: "127.0.0.3", files: strangerFiles });
  const config = JSON.stringify({ embed: { allowedOrigins: [host.origin] } });
  deployment = await startPageServer({
    host: "127.0.0.1",
    root: "dist",
    files: { "/skillbox.config.json": { body: config, type: "application/json" } },
    headersFor: (pathname) => securityHeaders(pathname, [host.origin]),
  });
  staticDeployment = await startStaticServer("dist", "127.0.0.1");
  writeFileSync(join(staticDeployment.root, "skillbox.config.json"), config);
  servePages();
});

afterAll(async () => {
  await browser?.close();
  for (const server of [deployment, host, stranger, staticDeployment, counting, model]) {
    await server?.close();
  }
});

/** The host pages, each with the CSP the README tells a host to set for that way of embedding. */
function servePages() {
  const runtime = `${deployment.origin}/skillbox/`;
  const policy = (way: EmbeddingWay, connect = "") =>
    hostPagePolicy(deployment.origin, way, connect);
  const inPagePolicy = policy("in-page");
  const framedPolicy = policy("framed");
  const withPolicy = (file: ServedFile, policy: string): ServedFile => ({
    ...file,
    headers: { "Content-Security-Policy": policy },
  });
  const events = js(
    `window.events = [];
for (const type of ["skillbox-result", "skillbox-error"])
  document.addEventListener(type, (event) => window.events.push(type + " " + JSON.stringify(event.detail)));`,
  );
  hostFiles["/events.js"] = events;
  hostFiles["/hello-skill.zip"] = {
    body: zipFolder(join(EXAMPLES, "plain-html/hello-skill")),
    type: "application/zip",
  };
  hostFiles["/runner.html"] = withPolicy(
    html(
      `<!doctype html><title>in-page runner</title><script src="/events.js"></script>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-runner skill="hello-skill" skill-zip="/hello-skill.zip" time-limit="20"></skillbox-runner>`,
    ),
    inPagePolicy,
  );
  hostFiles["/framed-runner.html"] = withPolicy(
    html(
      `<!doctype html><title>runner on a deployment</title><script src="/events.js"></script>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-runner deployment="${runtime}embed.html" skill="hello-skill" skill-zip="/hello-skill.zip"></skillbox-runner>`,
    ),
    framedPolicy,
  );
  hostFiles["/chat.html"] = withPolicy(
    html(
      `<!doctype html><title>chat</title><script src="/events.js"></script>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-chat skill-zip="/hello-skill.zip" endpoint="${model.url}/v1" model="fake"></skillbox-chat>`,
    ),
    policy("in-page", model.url),
  );
  hostFiles["/two.html"] = withPolicy(
    html(
      `<!doctype html><title>widgets</title>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-runner id="a" eager=""></skillbox-runner><skillbox-runner id="b" eager=""></skillbox-runner>
<skillbox-runner id="c" eager="" storage-name="shared"></skillbox-runner><skillbox-runner id="d" eager="" storage-name="shared"></skillbox-runner>`,
    ),
    inPagePolicy,
  );
  // No CSP at all: what stops a preview's requests here is the preview alone.
  hostFiles["/preview.html"] = html(
    `<!doctype html><title>preview</title><script src="/events.js"></script>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-runner skill="preview" eager=""></skillbox-runner>`,
  );
  hostFiles["/bad-attribute.html"] = withPolicy(
    html(
      `<!doctype html><title>bad attribute</title><script src="/events.js"></script>
<script type="module" src="${runtime}skillbox-embed.js"></script>
<skillbox-runner time-limit="soon"></skillbox-runner>`,
    ),
    inPagePolicy,
  );
  for (const name of ["index.html", "host.js"]) {
    const body = readFileSync(join(EXAMPLES, "cross-origin-host", name), "utf8");
    hostFiles[`/client/${name}`] = withPolicy(
      name.endsWith(".js") ? js(body) : html(body),
      framedPolicy,
    );
  }
  // A host that approves each run itself: yes to Python, no to the rest.
  hostFiles["/approving-client.js"] = js(
    `const { connectSkillbox } = await import("${runtime}client.js");
const asked = [];
const skillbox = connectSkillbox({
  url: "${runtime}embed.html",
  approveScriptRun: (run) => { asked.push(run); return run.scriptPath.endsWith(".py"); },
});
const run = (script) => skillbox.tools.call("run_skill_script",
  JSON.stringify({ skill_name: "greeter", script_path: script, args: ["visitor"] }));
window.outcome = skillbox.ready
  .then(() => skillbox.installSkill({ files: {
    "greeter/SKILL.md": "---\\nname: greeter\\ndescription: Greets.\\n---\\nRun greet.py or greet.js.\\n",
    "greeter/greet.py": "import sys\\nprint('Hello from Python,', sys.argv[1])\\n",
    "greeter/greet.js": "console.log('Hello from JavaScript,', process.argv[2]);\\n",
  } }))
  .then(async () => ({ asked, py: await run("greet.py"), js: await run("greet.js") }));
`,
  );
  hostFiles["/approving-client.html"] = withPolicy(
    html(
      `<!doctype html><title>approving host</title><script type="module" src="/approving-client.js"></script>`,
    ),
    framedPolicy,
  );
  // The client module comes from the deployment with headers (a cross-origin module needs CORS,
  // which a plain static host does not send); `embed` names the embed page to connect to.
  strangerFiles["/frame-app.html"] = html(
    `<!doctype html><title>stranger framing the app</title><script type="module">
const frame = document.createElement("iframe");
frame.src = new URLSearchParams(location.search).get("app");
document.body.append(frame);
</script>`,
  );
  strangerFiles["/client.html"] = html(
    `<!doctype html><title>stranger</title><script type="module">
const { connectSkillbox } = await import("${runtime}client.js");
const skillbox = connectSkillbox({ url: new URLSearchParams(location.search).get("embed"), timeoutMs: 4000 });
window.outcome = skillbox.ready.then(() => "connected", (error) => "refused: " + error.message);
</script>`,
  );
}

async function openPage(url: string): Promise<{ page: Page; console: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const console: string[] = [];
  page.on("console", (message) => console.push(message.text()));
  page.on("pageerror", (error) => console.push(`page error: ${error.message}`));
  await page.goto(url);
  return { page, console };
}

/**
 * Runs the hostile probe in one of the page's Skillboxes (the runner's, or `window.skillbox` of
 * the client page) and checks every route stayed closed and nothing reached the counting server.
 */
async function expectProbeBlocked(page: Page, where: "runner" | "window", tag: string) {
  const outcome = await page.evaluate(runProbeInPage, [where, PROBE, counting.url, tag] as const);
  expectEveryProbeBlocked(JSON.parse(outcome.stdout));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(counting.hits).toEqual([]);
}

/** Runs a script through the runner's own form, as a user does, and returns its event. */
async function runInRunner(page: Page, script: string, args: string[]) {
  const runner = page.locator("skillbox-runner");
  await expect
    .poll(() => runner.locator("[part=script] option").count(), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await runner.locator("[part=script]").selectOption(script);
  await runner.locator("[part=args]").fill(args.join("\n"));
  const before = await page.evaluate(() => window.events.length);
  await runner.getByRole("button", { name: "Run" }).click();
  await expect
    .poll(() => page.evaluate(() => window.events.length), { timeout: 60_000 })
    .toBeGreaterThan(before);
  const event = (await page.evaluate(() => window.events.at(-1)))!;
  expect(event).toMatch(/^skillbox-result /);
  return JSON.parse(event.slice("skillbox-result ".length)) as SkillboxResultDetail;
}

const HELLO_RUNS = [
  ["scripts/hello.py", /^Hello, Ada, from Python 3\.\d+!\n$/],
  ["scripts/hello.js", /^Hello, Ada, from JavaScript!\n$/],
  ["scripts/hello.sh", /^Hello, Ada, from the shell!\n$/],
] as const;

async function expectHelloRuns(page: Page) {
  for (const [script, stdout] of HELLO_RUNS) {
    const { result } = await runInRunner(page, script, ["Ada"]);
    const run = result as RunScriptResult;
    expect(run.exit_code, JSON.stringify(result)).toBe(0);
    expect(run.stdout).toMatch(stdout);
    expect(run.files).toHaveLength(1);
    await expect
      .poll(() => page.locator("skillbox-runner [part=files] li").textContent())
      .toBe("greeting.txt");
  }
}

describe("<skillbox-runner> on a page of another origin, without COOP/COEP, with its own CSP", () => {
  test("runs .py, .js and .sh from its runtime on the deployment, and offers the files", async () => {
    const { page, console } = await openPage(`${host.url}runner.html`);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await expectHelloRuns(page);
    expect(console.filter((line) => /Content Security Policy|page error/.test(line))).toEqual([]);
  });

  test("the hostile probe finds every route closed there too", async () => {
    const { page } = await openPage(`${host.url}runner.html`);
    await expectProbeBlocked(page, "runner", "in-page");
  });

  test("removed mid-run, it ends its workers and its run answers at once", async () => {
    // Worker targets are browser-wide: only this page may have any.
    for (const context of browser.contexts()) await context.close();
    const { page } = await openPage(`${host.url}runner.html`);
    const cdp = await page.context().newCDPSession(page);
    const workers = async () =>
      ((await cdp.send("Target.getTargets")).targetInfos as { type: string }[]).filter(
        (target) => target.type === "worker",
      ).length;
    await page.evaluate(async () => {
      const runner = document.querySelector("skillbox-runner")!;
      await runner.skillbox!.ready;
      await runner.skillbox!.installSkill({
        files: {
          "spin/SKILL.md": "---\nname: spin\ndescription: spins\n---\n",
          "spin/spin.py": "while True:\n    pass\n",
        },
      });
      (window as unknown as { running: Promise<ToolResult> }).running = runner.skillbox!.callTool(
        "run_skill_script",
        { skill_name: "spin", script_path: "spin.py", args: [] },
        { timeLimitMs: 60_000 },
      );
    });
    await expect.poll(workers, { timeout: 30_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = Date.now();
    await page.evaluate(() => document.querySelector("skillbox-runner")!.remove());
    const answer = await page.evaluate(
      () => (window as unknown as { running: Promise<ToolResult> }).running,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatchObject({ error: expect.stringMatching(/disposed/) });
    await expect.poll(workers, { timeout: 10_000 }).toBe(0);
  });

  test("<skillbox-chat> runs the agent loop against its endpoint attribute", async () => {
    const { page } = await openPage(`${host.url}chat.html`);
    const chat = page.locator("skillbox-chat");
    await expect
      .poll(() => chat.locator("#chat-skills").textContent(), { timeout: 60_000 })
      .toContain("hello-skill");
    await chat.locator("#chat-input").fill("Greet Chat");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => chat.locator("#chat-messages").textContent(), { timeout: 60_000 })
      .toMatch(/The script said: Hello, Chat, from Python 3\.\d+!/);
  });

  test("two widgets share nothing, unless given the same storage name", async () => {
    const { page } = await openPage(`${host.url}two.html`);
    const seen = await page.evaluate(async () => {
      const box = (id: string) =>
        document.querySelector<HTMLElement & { skillbox: Skillbox }>(`#${id}`)!.skillbox;
      const skill = (name: string) => ({
        files: { [`${name}/SKILL.md`]: `---\nname: ${name}\ndescription: A skill.\n---\n` },
      });
      for (const id of ["a", "b", "c", "d"]) await box(id).ready;
      await box("a").installSkill(skill("only-in-a"));
      await box("c").installSkill(skill("in-shared"));
      const names = async (id: string) => (await box(id).listSkills()).map((s) => s.name);
      return { a: await names("a"), b: await names("b"), c: await names("c"), d: await names("d") };
    });
    expect(seen).toEqual({ a: ["only-in-a"], b: [], c: ["in-shared"], d: ["in-shared"] });
  });

  test("a Markdown preview makes no request, even on a page with no CSP: only a click follows a link", async () => {
    const { page } = await openPage(`${host.url}preview.html`);
    const url = counting.url;
    const markdown = [
      "# Report",
      `<svg><image href="${url}/svg-image"></image></svg>`,
      `<svg><filter id="f"><feImage href="${url}/fe-image"/></filter><rect filter="url(#f)" width="9" height="9"/></svg>`,
      `<table background="${url}/table-background"><tr><td background="${url}/cell-background">cell</td></tr></table>`,
      `<p style="background: url(${url}/style)">styled</p>`,
      `<video poster="${url}/poster"></video><input type="image" src="${url}/input">`,
      `<object data="${url}/object"></object><link rel="stylesheet" href="${url}/stylesheet">`,
      `![image](${url}/markdown-image)`,
      `[a link](${url}/link)`,
    ].join("\n\n");
    await page.evaluate(async (text) => {
      const runner = document.querySelector("skillbox-runner") as Element & { skillbox: Skillbox };
      await runner.skillbox.ready;
      await runner.skillbox.installSkill({
        files: {
          "preview/SKILL.md": "---\nname: preview\ndescription: Writes Markdown.\n---\n",
          "preview/scripts/write.py": `import os\nos.makedirs('out', exist_ok=True)\nopen('out/evil.md', 'w').write(${JSON.stringify(text)})\n`,
        },
      });
    }, markdown);
    const { result } = await runInRunner(page, "scripts/write.py", []);
    expect((result as RunScriptResult).exit_code, JSON.stringify(result)).toBe(0);
    const runner = page.locator("skillbox-runner");
    await runner.locator("[part=files]").getByRole("button", { name: "out/evil.md" }).click();
    await runner.locator("[part=preview] .markdown:not(.pending) h1").waitFor();
    expect(await runner.locator("[part=preview] .markdown a").getAttribute("href")).toBe(
      `${url}/link`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(counting.hits).toEqual([]);
    await page.context().close();
  });

  test("a wrong attribute fails with a message naming it", async () => {
    const { page } = await openPage(`${host.url}bad-attribute.html`);
    await expect
      .poll(() => page.evaluate(() => window.events), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^skillbox-error .*attribute \\"time-limit\\"/)]);
    expect(await page.locator("skillbox-runner [part=error]").count()).toBe(1);
  });

  test("with a `deployment` attribute it runs everything in the deployment's frame", async () => {
    const { page, console } = await openPage(`${host.url}framed-runner.html`);
    await expectHelloRuns(page);
    expect(console.filter((line) => /Content Security Policy|page error/.test(line))).toEqual([]);
  });
});

describe("the cross-origin client (skillbox/client) against a deployment", () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPage(
      `${host.url}client/index.html?deployment=${deployment.origin}/skillbox/`,
    ));
    await page.waitForFunction(
      () => /^(Done|Failed)/.test(document.getElementById("status")?.textContent ?? ""),
      null,
      { timeout: 90_000 },
    );
  });

  test("the example host page runs .py, .js and .sh through the tools", async () => {
    expect(await page.locator("#status").textContent()).toBe("Done.");
    const lines = (await page.locator("#results").textContent())!.trim().split("\n");
    expect(lines[0]).toBe("tools: get_skill_instructions, run_skill_script");
    for (const [index, [script, language]] of [
      ["greet.py", "Python"],
      ["greet.js", "JavaScript"],
      ["greet.sh", "the shell"],
    ].entries()) {
      const result = JSON.parse(lines[index + 1]!.slice(`${script}: `.length));
      expect(result).toMatchObject({
        exit_code: 0,
        stdout: `Hello from ${language}, visitor\n`,
      });
    }
  });

  test("tool definitions list the skills; another name still gets the contract's error", async () => {
    const { definitions, refused } = await page.evaluate(async () => ({
      definitions: await window.skillbox.tools.definitions({ skills: ["greeter"] }),
      refused: await window.skillbox.tools.call(
        "get_skill_instructions",
        { skill_name: "invented" },
        { skills: ["greeter"] },
      ),
    }));
    for (const definition of definitions) {
      expect(
        (definition.parameters.properties as Record<string, { enum?: string[] }>).skill_name?.enum,
      ).toEqual(["greeter"]);
    }
    expect(refused).toEqual({ error: "Skill not found" });
  });

  test("in-browser models live in the deployment, whose frame Chromium gives no storage here: the client says why", async () => {
    const outcome = await page.evaluate(
      async (base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const models = window.skillbox.localModels;
        const failure = (error: unknown) => `refused: ${(error as Error).message}`;
        return {
          unsupported: await models.unsupported(),
          listed: await models.list().catch(failure),
          added: await models
            .add(new File([bytes], "tiny.gguf"))
            .then((model) => model.name, failure),
        };
      },
      Buffer.from(tinyGguf({ name: "Embedded tiny" })).toString("base64"),
    );
    const refusal =
      "refused: This browser lets this page keep no files (its storage is blocked here, as it can be for a page framed by another site, or in private browsing), so no model can be stored.";
    expect(outcome).toEqual({ unsupported: undefined, listed: refusal, added: refusal });
  });

  test("a WebMCP registration follows the deployment's skills as they change", async () => {
    const enums = await page.evaluate(async () => {
      const registered: unknown[] = [];
      const stop = await window.skillbox.tools.registerWebMcp({
        registerTool(tool) {
          registered.push(
            (tool.inputSchema.properties as Record<string, { enum?: string[] }>).skill_name?.enum,
          );
          return { unregister() {} };
        },
      });
      await window.skillbox.installSkill({
        files: { "second/SKILL.md": "---\nname: second\ndescription: Another skill.\n---\n" },
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      stop();
      await window.skillbox.deleteSkill("second");
      return registered;
    });
    expect(enums).toHaveLength(4);
    expect(enums[0]).not.toContain("second");
    expect(enums[2]).toContain("second");
    expect(enums[3]).toEqual(enums[2]);
  });

  test("the hostile probe finds every route closed in the deployment's sandbox", async () => {
    await expectProbeBlocked(page, "window", "client");
  });

  test("messages of the wrong shape never reach the API; well-formed ones do", async () => {
    const replies = await page.evaluate(
      async ([origin, channel]) => {
        const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}"]`)!;
        const answered = new Map<number, string>();
        addEventListener("message", (event) => {
          const reply = event.data as { channel?: string; id?: number; kind?: string };
          if (event.origin === origin && reply?.channel === channel && reply.id! >= 9000)
            answered.set(reply.id!, reply.kind!);
        });
        const send = (message: Record<string, unknown>) =>
          frame.contentWindow!.postMessage(message, origin);
        const call = (id: number, method: string, extra: Record<string, unknown> = {}) =>
          send({ channel, kind: "call", id, method, args: [], events: false, ...extra });
        send({ id: "get", type: "GET", path: ["constructor"] });
        send({ id: 9001, type: "APPLY", path: ["listSkills"], argumentList: [] });
        call(9002, "constructor");
        call(9003, "dispose");
        call(9004, "listSkills", { sneaky: 1 });
        call(9005, "__proto__");
        call(9006, "listSkills");
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return Object.fromEntries(answered);
      },
      [deployment.origin, EMBED_CHANNEL] as const,
    );
    expect(replies).toEqual({ 9006: "result" });
  });

  test("an allowed host cannot pollute the embed page or switch a layer off: every route stays closed", async () => {
    const outcome = await page.evaluate(
      async ([origin, channel]) => {
        const frame = document.querySelector<HTMLIFrameElement>(`iframe[src^="${origin}"]`)!;
        const errors = new Map<number, string>();
        let ports = 0;
        addEventListener("message", (event) => {
          ports += event.ports.length;
          const reply = event.data as {
            channel?: string;
            id?: number;
            error?: { message: string };
          };
          if (event.origin === origin && reply?.channel === channel && reply.error)
            errors.set(reply.id!, reply.error.message);
        });
        const polluted = JSON.parse(
          '{"__proto__": {"relaxCsp": true, "relaxedLayers": ["lockdown", "js-globals"]}}',
        );
        const call = (id: number, method: string, args: unknown[], events = true) =>
          frame.contentWindow!.postMessage(
            { channel, kind: "call", id, method, args, events },
            origin,
          );
        // The route of round 2: a proxy's port, then a write through the prototype chain.
        call(8001, "subscribe", []);
        frame.contentWindow!.postMessage(
          {
            type: "SET",
            path: ["__proto__", "__proto__", "relaxCsp"],
            value: { type: "RAW", value: true },
          },
          origin,
        );
        call(8002, "callTool", ["run_skill_script", {}, polluted]);
        call(8003, "installSkill", [polluted]);
        call(8004, "updateProfile", ["x", polluted]);
        call(8005, "callTool", ["run_skill_script", {}, { timeLimitMs: Number.POSITIVE_INFINITY }]);
        frame.contentWindow!.postMessage({ channel, kind: "stop", id: 8001 }, origin);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { ports, errors: Object.fromEntries(errors) };
      },
      [deployment.origin, EMBED_CHANNEL] as const,
    );
    expect(outcome.ports).toBe(0);
    expect(outcome.errors[8002]).toMatch(/^callTool: argument 3: Unrecognized key: "__proto__"/);
    expect(outcome.errors[8003]).toMatch(/^installSkill: argument 1/);
    expect(outcome.errors[8004]).toMatch(
      /^updateProfile: argument 2: Unrecognized key: "__proto__"/,
    );
    const limit = await page.evaluate(() =>
      window.skillbox.callTool(
        "run_skill_script",
        { skill_name: "greeter", script_path: "greet.py", args: ["x"] },
        { timeLimitMs: Number.POSITIVE_INFINITY },
      ),
    );
    expect(limit).toEqual({
      error: "Invalid call option timeLimitMs Infinity: must be a number of milliseconds",
    });
    await expectProbeBlocked(page, "window", "after-pollution");
  });

  test("a run's output streams across origins while the script prints", async () => {
    const seen = await page.evaluate(async () => {
      await window.skillbox.installSkill({
        files: {
          "talk/SKILL.md": "---\nname: talk\ndescription: Talks.\n---\n",
          "talk/talk.py": "import time\nprint('one', flush=True)\ntime.sleep(3)\nprint('two')\n",
        },
      });
      const chunks: { at: number; text: string }[] = [];
      const started = performance.now();
      const result = await window.skillbox.callTool(
        "run_skill_script",
        { skill_name: "talk", script_path: "talk.py", args: [] },
        { onOutput: (chunk) => chunks.push({ at: performance.now() - started, text: chunk.text }) },
      );
      return { chunks, ended: performance.now() - started, result };
    });
    expect(seen.result).toMatchObject({ exit_code: 0, stdout: "one\ntwo\n" });
    expect(seen.chunks.map((chunk) => chunk.text).join("")).toBe("one\ntwo\n");
    expect(seen.chunks[0]!.text).toBe("one\n");
    // The first line arrived while the script slept, not with the result (one CI run under load
    // saw it cross the origins 700 ms after the script printed it, so the sleep leaves room).
    expect(seen.chunks[0]!.at).toBeLessThan(seen.ended - 1500);
  });

  test("Stop from the host page ends the run in the deployment: exit code 130 at once", async () => {
    const outcome = await page.evaluate(async () => {
      await window.skillbox.installSkill({
        files: {
          "busy/SKILL.md": "---\nname: busy\ndescription: Busy.\n---\n",
          "busy/busy.py": "print('busy', flush=True)\nwhile True:\n    pass\n",
        },
      });
      const controller = new AbortController();
      const started = performance.now();
      const running = window.skillbox.callTool(
        "run_skill_script",
        { skill_name: "busy", script_path: "busy.py", args: [] },
        { signal: controller.signal, onOutput: () => controller.abort() },
      );
      const result = await running;
      return { result, ms: performance.now() - started };
    });
    expect(outcome.result).toMatchObject({ exit_code: 130, timed_out: false, stdout: "busy\n" });
    expect(outcome.ms).toBeLessThan(10_000);
  });

  test("disposed, its calls under way and after answer with contract JSON at once", async () => {
    const answers = await page.evaluate(async () => {
      await window.skillbox.installSkill({
        files: {
          "spin/SKILL.md": "---\nname: spin\ndescription: Spins.\n---\n",
          "spin/spin.py": "while True:\n    pass\n",
        },
      });
      const running = window.skillbox.callTool("run_skill_script", {
        skill_name: "spin",
        script_path: "spin.py",
        args: [],
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = performance.now();
      window.skillbox.dispose();
      const during = await running;
      const after = await window.skillbox.callTool("get_skill_instructions", {
        skill_name: "spin",
      });
      return { during, after, ms: performance.now() - started };
    });
    expect(answers.during).toEqual({
      error: "The Skillbox deployment could not answer: this Skillbox was disposed",
    });
    expect(answers.after).toEqual(answers.during);
    expect(answers.ms).toBeLessThan(1000);
  });
});

/** What the stranger page's connection came to, once its module has run and it settled. */
async function settledOutcome(page: Page): Promise<string> {
  await page.waitForFunction(() => "outcome" in window);
  return page.evaluate(() => (window as unknown as { outcome: Promise<string> }).outcome);
}

describe("an origin the deployment does not allow", () => {
  test("cannot frame the app page: the browser refuses it on a host with headers", async () => {
    const { page, console } = await openPage(
      `${stranger.url}frame-app.html?app=${deployment.origin}/`,
    );
    await expect
      .poll(() => console.some((line) => line.includes("frame-ancestors")), { timeout: 15_000 })
      .toBe(true);
    const app = page.frames().find((frame) => frame !== page.mainFrame())!;
    expect(await app.evaluate(() => "skillbox" in window).catch(() => false)).toBe(false);
    await page.context().close();
  });

  test("on a plain static host, the framed app shows only a link to open it in its own tab", async () => {
    const { page } = await openPage(`${stranger.url}frame-app.html?app=${staticDeployment.url}`);
    await expect.poll(() => page.frames().length).toBe(2);
    const app = page.frames().find((frame) => frame !== page.mainFrame())!;
    const link = app.getByRole("link", { name: "Open Skillbox in its own tab" });
    await link.waitFor();
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await app.locator("button").count()).toBe(0);
    expect(await app.evaluate(() => "skillbox" in window)).toBe(false);
    await page.context().close();
  });

  test("gets nothing from a deployment with headers: the browser refuses to frame it", async () => {
    const { page, console } = await openPage(
      `${stranger.url}client.html?embed=${deployment.origin}/skillbox/embed.html`,
    );
    const outcome = await settledOutcome(page);
    expect(outcome).toMatch(/^refused: .*did not answer.*embed\.allowedOrigins/);
    expect(console.some((line) => line.includes("frame-ancestors"))).toBe(true);
  });

  test("gets nothing from a plain static host either, and the console says why", async () => {
    const { page, console } = await openPage(
      `${stranger.url}client.html?embed=${staticDeployment.url}skillbox/embed.html`,
    );
    const outcome = await settledOutcome(page);
    expect(outcome).toMatch(/^refused: /);
    expect(console).toContainEqual(
      `Skillbox embed: ${stranger.origin} may not use this deployment; it is not in embed.allowedOrigins of its skillbox.config.json.`,
    );
  });
});

describe("a deployment's script policy reaches its embedded callers", () => {
  test.each([
    ["never", SCRIPTS_NEVER_RUN],
    ["ask", SCRIPT_RUN_UNASKED],
  ])(
    "%s: the example host page's runs are refused with the policy's error",
    async (scripts, error) => {
      const context = await browser.newContext();
      await context.route(`${deployment.origin}/skillbox.config.json`, (route) =>
        route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({ embed: { allowedOrigins: [host.origin] }, scripts }),
        }),
      );
      const page = await context.newPage();
      await page.goto(`${host.url}client/index.html?deployment=${deployment.origin}/skillbox/`);
      await page.waitForFunction(
        () => /^(Done|Failed)/.test(document.getElementById("status")?.textContent ?? ""),
        null,
        { timeout: 90_000 },
      );
      const lines = (await page.locator("#results").textContent())!.trim().split("\n");
      expect(lines[0]).toBe("tools: get_skill_instructions, run_skill_script");
      for (const [index, script] of ["greet.py", "greet.js", "greet.sh"].entries()) {
        expect(JSON.parse(lines[index + 1]!.slice(`${script}: `.length))).toEqual({ error });
      }
      await context.close();
    },
  );

  test("ask: the host page's approveScriptRun hears each checked run; yes runs it, no refuses it", async () => {
    const context = await browser.newContext();
    await context.route(`${deployment.origin}/skillbox.config.json`, (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ embed: { allowedOrigins: [host.origin] }, scripts: "ask" }),
      }),
    );
    const page = await context.newPage();
    await page.goto(`${host.url}approving-client.html`);
    await page.waitForFunction(() => "outcome" in window, null, { timeout: 30_000 });
    const outcome = await page.evaluate(
      () => (window as unknown as { outcome: Promise<unknown> }).outcome,
    );
    expect(outcome).toMatchObject({
      asked: [
        { skillName: "greeter", scriptPath: "greet.py", args: ["visitor"] },
        { skillName: "greeter", scriptPath: "greet.js", args: ["visitor"] },
      ],
      py: { exit_code: 0, stdout: "Hello from Python, visitor\n" },
      js: { error: SCRIPT_RUN_DECLINED },
    });
    await context.close();
  });
});
