import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { EndpointSettings } from "../../src/agent/providers/provider";
import type { TranscriptItem } from "../../src/agent/transcript";
import {
  type FakeModelServer,
  type ModelScript,
  startFakeModelServer,
} from "../helpers/fakeModelServer";
import { appUrl, installTestSkill, launchChromium, openApp } from "./app";

/**
 * The seed's flow: load the skill, verify the customer, then confirm the OTP on a later turn.
 * The skill's own instructions quote example outputs, so progress is told by the script results
 * (`exit_code`) already in the conversation.
 */
const bankScript: ModelScript = (conversation, lastUser) => {
  const bank = (args: string[]) => ({
    name: "run_skill_script",
    input: { skill_name: "demo-bank-api", script_path: "scripts/bank_api.py", args },
  });
  const runs = conversation.split("exit_code").length - 1;
  if (lastUser.includes("loop forever"))
    return {
      calls: [
        { name: "run_skill_script", input: { skill_name: "slow-skill", script_path: "spin.py" } },
      ],
    };
  if (lastUser.includes("123456")) {
    if (runs >= 2) return { text: "You are verified, Darin." };
    const results = conversation.slice(conversation.indexOf("exit_code"));
    const challenge = /ch\.CUST-\d+/.exec(results)?.[0] ?? "missing";
    return { calls: [bank(["confirm-otp", "--challenge-id", challenge, "--otp", "123456"])] };
  }
  if (!conversation.includes("Demo Bank API"))
    return { calls: [{ name: "get_skill_instructions", input: { skill_name: "demo-bank-api" } }] };
  if (runs === 0)
    return { calls: [bank(["verify-customer", "--egn-last4", "8836", "--dob", "1985-01-30"])] };
  return { text: "I sent a one-time code to ***-**-1234. What is it?" };
};

let browser: Browser;
let server: FakeModelServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startFakeModelServer(bankScript);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * One app page serves every test of the loop, the errors and cancel: each starts from a cleared
 * chat with its own endpoint. A fresh context per test booted the app cold each time (13 boots
 * took most of this file's 6 minutes in CI); what a reload keeps is checked by reloading.
 */
let chatPage: Page;

async function openChat(settings: Partial<EndpointSettings>): Promise<Page> {
  chatPage ??= await openApp(browser);
  await chatPage.evaluate(async (s) => {
    await window.skillbox.chat.clear();
    await window.skillbox.chat.setEndpoint({
      protocol: "openai",
      baseUrl: "",
      model: "test-model",
      apiKey: "test-key",
      stream: true,
      ...s,
    });
  }, settings);
  return chatPage;
}

const skillExecutions = async (page: Page) =>
  (await page.evaluate(() => window.skillbox.usage())).skill_execution ?? 0;

const send = (page: Page, text: string) =>
  page.evaluate(async (t) => {
    const streamed: string[] = [];
    const outcome = await window.skillbox.chat.send(t, (_, streaming) => {
      if (streaming) streamed.push(streaming);
    });
    return { outcome, streamed };
  }, text);

const transcript = (page: Page) => page.evaluate(() => window.skillbox.chat.transcript());
const lastAssistant = (items: TranscriptItem[]) =>
  items.filter((i) => i.role === "assistant").at(-1) as Extract<
    TranscriptItem,
    { role: "assistant" }
  >;

describe.each([
  ["openai", true],
  ["openai", false],
  ["anthropic", true],
  ["anthropic", false],
] as const)("agent loop over %s (stream: %s)", (protocol, stream) => {
  test("loads instructions, runs the bank script, uses its challenge_id on the next turn, then answers", async () => {
    const page = await openChat({ protocol, stream, baseUrl: `${server.url}/v1` });
    const executionsBefore = await skillExecutions(page);
    const first = await send(page, "Please check my loans. Last 4: 8836, born 1985-01-30.");
    expect(first.outcome).toEqual({ cancelled: false });
    if (stream) expect(first.streamed.length).toBeGreaterThan(1);
    let items = await transcript(page);
    expect(items.map((i) => i.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(lastAssistant(items).text).toBe("I sent a one-time code to ***-**-1234. What is it?");
    const records = lastAssistant(items).metadata?.skillToolCalls ?? [];
    expect(records.map((r) => [r.tool, r.skill, r.script ?? null, r.exitCode ?? null])).toEqual([
      ["get_skill_instructions", "demo-bank-api", null, null],
      ["run_skill_script", "demo-bank-api", "scripts/bank_api.py", 0],
    ]);
    expect(records[1]?.output).toContain('"challenge_id": "ch.CUST-1004"');
    expect(records[1]?.arguments).toEqual({
      skill_name: "demo-bank-api",
      script_path: "scripts/bank_api.py",
      args: ["verify-customer", "--egn-last4", "8836", "--dob", "1985-01-30"],
    });

    const second = await send(page, "The code is 123456");
    expect(second.outcome).toEqual({ cancelled: false });
    items = await transcript(page);
    expect(lastAssistant(items).text).toBe("You are verified, Darin.");
    const confirm = items.filter((i) => i.role === "tool").at(-1) as Extract<
      TranscriptItem,
      { role: "tool" }
    >;
    expect(JSON.stringify(confirm.result)).toContain("sess.CUST-1004");
    expect(await skillExecutions(page)).toBe(executionsBefore + 2);
    const lastRequest = server.requests.at(-1)!;
    expect(JSON.stringify(lastRequest.messages)).toContain("ch.CUST-1004");
    if (protocol === "anthropic")
      expect(lastRequest).toMatchObject({
        model: "test-model",
        tools: [{ name: "get_skill_instructions" }, { name: "run_skill_script" }],
      });
    else expect(JSON.stringify(lastRequest.messages)).toContain("[skill: demo-bank-api]");

    await page.reload();
    await page.waitForFunction(() => "skillbox" in window);
    await page.evaluate(() => window.skillbox.ready);
    expect(await transcript(page)).toEqual(items);
    expect(await skillExecutions(page)).toBe(executionsBefore + 2);
  });
});

describe("endpoint errors end the turn with a clear message", () => {
  test.each([
    ["/status/401/v1", /answered 401 \(the API key was refused\)/],
    ["/status/429/v1", /answered 429 \(rate limited/],
    ["/status/500/v1", /answered 500 \(the server failed\)/],
    ["/malformed/v1", /not valid JSON/],
  ])("%s", async (path, message) => {
    const page = await openChat({ baseUrl: `${server.url}${path}`, stream: false });
    const { outcome } = await send(page, "hello");
    expect(outcome.error).toMatch(message);
    expect(lastAssistant(await transcript(page)).text).toMatch(/^⚠ /);
  });

  test("an unreachable endpoint", async () => {
    const page = await openChat({ baseUrl: "http://127.0.0.1:9/v1" });
    const { outcome } = await send(page, "hello");
    expect(outcome.error).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions/,
    );
  });
});

describe("cancel", () => {
  test("while waiting for the model", async () => {
    const page = await openChat({ baseUrl: `${server.url}/slow/v1` });
    const started = Date.now();
    const pending = send(page, "hello");
    await page.waitForTimeout(300);
    await page.evaluate(() => window.skillbox.chat.cancel());
    expect((await pending).outcome).toEqual({ cancelled: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("at once, before the turn has read its session and endpoint", async () => {
    const page = await openChat({ baseUrl: `${server.url}/slow/v1` });
    const outcome = await page.evaluate(() => {
      const pending = window.skillbox.chat.send("hello");
      window.skillbox.chat.cancel();
      return pending;
    });
    expect(outcome).toEqual({ cancelled: true });
    expect(lastAssistant(await transcript(page)).text).toBe("(Cancelled.)");
  });

  test("while a script runs: the script is stopped too", async () => {
    const page = await openChat({ baseUrl: `${server.url}/v1`, stream: false });
    await installTestSkill(page, "slow-skill", { "spin.py": "while True:\n    pass\n" });
    const started = Date.now();
    const pending = send(page, "loop forever");
    await page.waitForTimeout(2500);
    await page.evaluate(() => window.skillbox.chat.cancel());
    expect((await pending).outcome).toEqual({ cancelled: true });
    expect(Date.now() - started).toBeLessThan(30_000);
    const items = await transcript(page);
    const tool = items.find((i) => i.role === "tool") as Extract<TranscriptItem, { role: "tool" }>;
    expect(tool.result).toMatchObject({ exit_code: 130, timed_out: false });
  });
});

describe("the chat panel", () => {
  test("a person sets the endpoint, sends with Enter, and sees the answer and each tool call", async () => {
    const page = await openApp(browser);
    await page.locator("#chat details summary").first().click();
    await page.selectOption("#chat-protocol", "openai");
    await page.fill("#chat-base-url", `${server.url}/v1`);
    await page.fill("#chat-model", "test-model");
    await page.fill("#chat-api-key", "secret-key");
    await page.click("#chat-save");
    await page.fill("#chat-input", "Please check my loans. Last 4: 8836, born 1985-01-30.");
    await page.press("#chat-input", "Enter");
    await page
      .locator(".message.assistant", { hasText: "I sent a one-time code" })
      .waitFor({ timeout: 60_000 });
    const summaries = await page.locator(".tool-call summary").allTextContents();
    expect(summaries).toEqual([
      "get_skill_instructions demo-bank-api  → loaded",
      "run_skill_script demo-bank-api scripts/bank_api.py → exit 0",
    ]);
    await page.locator(".tool-call summary").nth(1).click();
    expect(await page.locator(".tool-call pre").nth(3).textContent()).toContain("ch.CUST-1004");
    expect(await page.locator("#chat-stop").isDisabled()).toBe(true);
    expect(await page.locator("#chat-usage").textContent()).toBe("Skill executions: 1");
    const lastRequest = server.requests.at(-1) as { path: string };
    expect(lastRequest.path).toBe("/v1/chat/completions");
    await page.context().close();
  });
});

describe("WebMCP in the app", () => {
  test("the app registers both tools on the page's model context, and they run scripts", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const tools = new Map<string, { execute(input: unknown): Promise<unknown> }>();
      (document as unknown as { modelContext: unknown }).modelContext = {
        tools,
        registerTool(tool: { name: string; execute(input: unknown): Promise<unknown> }) {
          tools.set(tool.name, tool);
          return { unregister: () => tools.delete(tool.name) };
        },
      };
    });
    const page = await context.newPage();
    await page.goto(appUrl());
    await page.waitForFunction(
      () =>
        (document as unknown as { modelContext: { tools: Map<string, unknown> } }).modelContext
          .tools.size === 2,
      undefined,
      { timeout: 60_000 },
    );
    const answer = await page.evaluate(async () => {
      const { tools } = (
        document as unknown as {
          modelContext: {
            tools: Map<
              string,
              { execute(input: unknown): Promise<{ content: { text: string }[] }> }
            >;
          };
        }
      ).modelContext;
      const result = await tools.get("run_skill_script")!.execute({
        skill_name: "demo-bank-api",
        script_path: "scripts/bank_api.py",
        args: ["verify-customer", "--egn-last4", "8836", "--dob", "1985-01-30"],
      });
      return JSON.parse(result.content[0]!.text);
    });
    expect(answer).toMatchObject({ exit_code: 0, timed_out: false });
    expect(JSON.parse(answer.stdout)).toMatchObject({ challenge_id: "ch.CUST-1004" });
    await context.close();
  });
});
