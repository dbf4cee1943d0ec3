import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TranscriptItem } from "../../src/agent/transcript";
import { ENDLESS, TOOL_THEN_ANSWER, tinyGguf } from "../helpers/tinyGguf";
import { installTestSkill, launchChromium, openApp, waitForApp, waitUntilCached } from "./app";

/** The skill the tool-calling test model reaches for: its table spells `relay` and `r.js`. */
const SKILL = "relay";
const SCRIPT_OUTPUT = "relayed through the sandbox";

let browser: Browser;
let folder: string;
/** Another site, as a model host like Hugging Face is: CORS, a Content-Length, and faults. */
let modelHost: Server;
let modelHostUrl: string;
const modelFile = (name: string) => join(folder, name);

beforeAll(async () => {
  browser = await launchChromium();
  folder = mkdtempSync(join(tmpdir(), "skillbox-models-"));
  writeFileSync(
    modelFile("tool-caller.gguf"),
    tinyGguf({ name: "Tiny tool caller", table: TOOL_THEN_ANSWER }),
  );
  writeFileSync(
    modelFile("chatterbox.gguf"),
    tinyGguf({ name: "Tiny chatterbox", table: ENDLESS }),
  );
  const good = tinyGguf({ name: "Cut short" });
  writeFileSync(modelFile("truncated.gguf"), good.subarray(0, good.length - 4096));
  writeFileSync(modelFile("notes.gguf"), "these are notes, not a model\n");
  writeFileSync(
    modelFile("alien.gguf"),
    tinyGguf({ name: "Alien architecture", architecture: "alienformer" }),
  );
  modelHost = createServer((request, response) => {
    const headers = {
      "Access-Control-Allow-Origin": "*",
      "Content-Type": "application/octet-stream",
    };
    if (request.url === "/models/tool-caller.gguf") {
      const bytes = readFileSync(modelFile("tool-caller.gguf"));
      response.writeHead(200, { ...headers, "Content-Length": bytes.length });
      // In pieces, as a real download arrives.
      for (let at = 0; at < bytes.length; at += 65_536)
        response.write(bytes.subarray(at, at + 65_536));
      response.end();
    } else if (request.url === "/models/stalls.gguf") {
      response.writeHead(200, { ...headers, "Content-Length": 10_000_000 });
      response.write(readFileSync(modelFile("tool-caller.gguf")).subarray(0, 65_536));
    } else {
      response.writeHead(404, headers).end();
    }
  });
  await new Promise<void>((resolve) => modelHost.listen(0, "127.0.0.2", resolve));
  modelHostUrl = `http://127.0.0.2:${(modelHost.address() as AddressInfo).port}/models/`;
});

afterAll(async () => {
  await browser?.close();
  modelHost?.closeAllConnections();
  modelHost?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function openSettings(page: Page) {
  const settings = page.locator("details.settings");
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await settings.locator("summary").click();
  }
  await page.locator("#chat-protocol").selectOption("local");
  await expect.poll(() => page.locator("#local-models").isVisible()).toBe(true);
}

/** Adds a model file through the settings' file input; returns the status it ends with. */
async function addModelFile(page: Page, name: string): Promise<string> {
  const status = page.locator("#local-model-status");
  const before = await status.textContent();
  await page.locator("#local-model-file").setInputFiles(modelFile(name));
  await expect
    .poll(async () => {
      const text = (await status.textContent()) ?? "";
      return text !== before && !/^(Checking|Storing)/.test(text);
    })
    .toBe(true);
  return (await status.textContent()) ?? "";
}

async function chooseModel(page: Page, name: string) {
  await page.locator("#local-models li", { hasText: name }).locator("input[type=radio]").check();
  await page.locator("#chat-save").click();
  await expect
    .poll(() => page.evaluate(() => window.skillbox.chat.endpoint()))
    .toMatchObject({
      protocol: "local",
    });
}

/** Sends a message through the chat form, recording every distinct streamed text meanwhile. */
async function sendAndWatch(page: Page, text: string): Promise<string[]> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { streamed: string[] }).streamed = seen;
    new MutationObserver(() => {
      const streaming = document.querySelector(".message.streaming p")?.textContent ?? "";
      if (streaming && streaming !== seen.at(-1)) seen.push(streaming);
    }).observe(document.getElementById("chat-messages")!, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.locator("#chat-input").fill(text);
  await page.locator("#chat-input").press("Enter");
  await expect.poll(() => page.locator("#chat-send").isDisabled()).toBe(true);
  await expect.poll(() => page.locator("#chat-send").isDisabled(), { timeout: 60_000 }).toBe(false);
  return page.evaluate(() => (window as unknown as { streamed: string[] }).streamed);
}

const transcript = (page: Page) => page.evaluate(() => window.skillbox.chat.transcript());

describe("the in-browser model (tiny generated GGUF, network off)", () => {
  test("a model from a file input calls a skill's script through the grammar, reads its result and answers", async () => {
    const page = await openApp(browser);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await installTestSkill(page, SKILL, {
      "r.js": `console.log(${JSON.stringify(SCRIPT_OUTPUT)});\n`,
    });
    await waitUntilCached(page);
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);

    await openSettings(page);
    expect(await addModelFile(page, "tool-caller.gguf")).toMatch(
      /^Stored “Tiny tool caller” \(llama, 472 KB\): it works offline/,
    );
    const listed = page.locator("#local-models li", { hasText: "Tiny tool caller" });
    expect(await listed.textContent()).toContain("llama · 472 KB · 116K parameters · context 8192");
    await chooseModel(page, "Tiny tool caller");
    await page.locator("#chat-test").click();
    await expect
      .poll(() => page.locator("#chat-check").textContent(), { timeout: 60_000 })
      .toMatch(/^Loaded “Tiny tool caller” \(llama, 472 KB\) in \d+\.\d s/);

    const streamed = await sendAndWatch(page, "Please relay this.");
    const items = await transcript(page);
    expect(items.map((item) => item.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    const call = items[1] as Extract<TranscriptItem, { role: "assistant" }>;
    expect(call.toolCalls).toHaveLength(1);
    expect(call.toolCalls[0]?.name).toBe("run_skill_script");
    expect(JSON.parse(call.toolCalls[0]?.arguments as string)).toMatchObject({
      skill_name: SKILL,
      script_path: "r.js",
    });
    const result = items[2] as Extract<TranscriptItem, { role: "tool" }>;
    expect(result.result).toMatchObject({ exit_code: 0, stdout: `${SCRIPT_OUTPUT}\n` });
    const answer = items[3] as Extract<TranscriptItem, { role: "assistant" }>;
    expect(answer.text).toBe("Done!");
    expect(
      answer.metadata?.skillToolCalls.map((r) => [r.tool, r.skill, r.script, r.exitCode]),
    ).toEqual([["run_skill_script", SKILL, "r.js", 0]]);
    // The answer arrived token by token, and the call's JSON was never shown as text.
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.at(-1)).toBe("Done!");
    expect(streamed.every((text) => "Done!".startsWith(text))).toBe(true);
    await expect
      .poll(() => page.locator(".message.assistant .tool-call summary").first().textContent())
      .toContain("run_skill_script relay r.js → exit 0");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("Stop ends a generation at once, the model answers the next message, and a reply at the length limit says so", async () => {
    const page = await openApp(browser);
    await openSettings(page);
    expect(await addModelFile(page, "chatterbox.gguf")).toMatch(/^Stored “Tiny chatterbox”/);
    await chooseModel(page, "Tiny chatterbox");
    await page.locator("#chat-input").fill("Talk to me.");
    await page.locator("#chat-input").press("Enter");
    await page.waitForFunction(
      () => (document.querySelector(".message.streaming p")?.textContent ?? "").length >= 40,
      null,
      { timeout: 60_000 },
    );
    const stoppedAt = Date.now();
    await page.locator("#chat-stop").click();
    await expect.poll(() => page.locator("#chat-send").isDisabled()).toBe(false);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    let items = await transcript(page);
    expect(items.at(-1)).toMatchObject({ role: "assistant", text: "(Cancelled.)" });

    await page.locator("#chat-input").fill("Again, briefly.");
    await page.locator("#chat-input").press("Enter");
    await page.waitForFunction(
      () => (document.querySelector(".message.streaming p")?.textContent ?? "").startsWith("abab"),
      null,
      { timeout: 60_000 },
    );
    await page.locator("#chat-stop").click();
    await expect.poll(() => page.locator("#chat-send").isDisabled()).toBe(false);
    items = await transcript(page);
    expect(items.filter((i) => i.role === "user")).toHaveLength(2);

    // Left alone, the reply runs to the length limit, and says so.
    await page.locator("#chat-input").fill("Go on.");
    await page.locator("#chat-input").press("Enter");
    await expect.poll(() => page.locator("#chat-send").isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator("#chat-send").isDisabled(), { timeout: 90_000 })
      .toBe(false);
    const last = (await transcript(page)).at(-1) as Extract<TranscriptItem, { role: "assistant" }>;
    expect(last.text).toMatch(
      /^(ab)+a?\n\n\(The reply stopped at the length limit of 1024 tokens\.\)$/,
    );
    expect(last.text.length).toBe(
      1024 + "\n\n(The reply stopped at the length limit of 1024 tokens.)".length,
    );
    await page.context().close();
  });

  test("a file that is not GGUF, a cut-short file and an unknown architecture each get a clear message; the app keeps working", async () => {
    const page = await openApp(browser);
    await openSettings(page);
    expect(await addModelFile(page, "notes.gguf")).toBe(
      'notes.gguf is not a GGUF model file (it does not begin with "GGUF"). Choose a .gguf file, such as one of the quantized models on Hugging Face.',
    );
    expect(await addModelFile(page, "truncated.gguf")).toMatch(/^truncated\.gguf is cut short/);
    expect(await page.locator("#local-models li[data-model-id]").count()).toBe(0);

    expect(await addModelFile(page, "alien.gguf")).toMatch(
      /^Stored “Alien architecture” \(alienformer/,
    );
    await chooseModel(page, "Alien architecture");
    await page.locator("#chat-test").click();
    await expect
      .poll(() => page.locator("#chat-check").textContent(), { timeout: 60_000 })
      .toMatch(/^The model could not be loaded: .*unknown model architecture: 'alienformer'/);
    await page.locator("#chat-input").fill("Hello?");
    await page.locator("#chat-input").press("Enter");
    await expect
      .poll(() => page.locator("#chat-send").isDisabled(), { timeout: 60_000 })
      .toBe(false);
    expect((await transcript(page)).at(-1)).toMatchObject({
      role: "assistant",
      text: expect.stringMatching(/^⚠ The model could not be loaded/),
    });

    // A good model still loads after the failure, and deleting models empties the list.
    expect(await addModelFile(page, "tool-caller.gguf")).toMatch(/^Stored “Tiny tool caller”/);
    await chooseModel(page, "Tiny tool caller");
    await page.locator("#chat-test").click();
    await expect
      .poll(() => page.locator("#chat-check").textContent(), { timeout: 60_000 })
      .toMatch(/^Loaded “Tiny tool caller”/);
    for (const name of ["Alien architecture", "Tiny tool caller"]) {
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect.poll(() => page.locator("#local-models li", { hasText: name }).count()).toBe(0);
    }
    expect(await page.evaluate(() => window.skillbox.localModels.list())).toEqual([]);
    await page.context().close();
  });

  test("a model downloaded by URL shows progress, is kept, and loads with the network off; a stopped download keeps nothing", async () => {
    const page = await openApp(browser);
    await openSettings(page);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      const status = document.getElementById("local-model-status")!;
      new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const status = page.locator("#local-model-status");
    const download = async (name: string) => {
      await page.locator("#local-model-url").fill(`${modelHostUrl}${name}`);
      await page.locator("#local-model-download").click();
    };

    await download("tool-caller.gguf");
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Stored “Tiny tool caller” \(llama, 472 KB\)/);
    const statuses = await page.evaluate(
      () => (window as unknown as { statuses: string[] }).statuses,
    );
    expect(statuses.some((text) => /^Downloading \d+% of 472 KB…$/.test(text))).toBe(true);

    await download("missing.gguf");
    await expect
      .poll(() => status.textContent())
      .toBe(`Could not download ${modelHostUrl}missing.gguf: the server answered 404.`);

    await download("stalls.gguf");
    await expect.poll(() => status.textContent()).toMatch(/^Downloading \d+% of 10\.0 MB…$/);
    await page.locator("#local-model-download").click();
    await expect.poll(() => status.textContent()).toBe("Download stopped; nothing was kept.");
    const files = await page.evaluate(async () => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(
        "skillbox-models",
      );
      const names: string[] = [];
      for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys())
        names.push(name);
      return names.map((name) => name.replace(/^[\w-]+\./, "*."));
    });
    expect(files.sort()).toEqual(["*.gguf", "*.json"]);

    await waitUntilCached(page);
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);
    await openSettings(page);
    await chooseModel(page, "Tiny tool caller");
    await page.locator("#chat-test").click();
    await expect
      .poll(() => page.locator("#chat-check").textContent(), { timeout: 60_000 })
      .toMatch(/^Loaded “Tiny tool caller”/);
    await page.context().close();
  });
});
