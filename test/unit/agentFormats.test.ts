import { generateText, jsonSchema, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { beforeEach, describe, expect, test } from "vitest";
import {
  answerAnthropicToolUses,
  answerChatCompletionsCalls,
  answerResponsesCalls,
  anthropicTools,
  chatCompletionsTools,
  responsesTools,
} from "../../src/agent/formats";
import { type AgentToolbox, agentToolbox } from "../../src/agent/toolbox";
import { type ModelContext, registerWebMcpTools, type WebMcpTool } from "../../src/agent/webMcp";
import { toolExports } from "../../src/api/toolExports";
import { bundleFromMap, MemorySkillStorage, SkillRegistry } from "../../src/skills";
import type { AgentBinding } from "../../src/tools/binding";
import { SkillTools } from "../../src/tools/skillTools";
import { ScriptedRuntime, urlOnlyFileStore } from "../helpers/fakeRuntime";
import { minimalSkill } from "../helpers/skillFixtures";

/** The library's AI SDK export over a toolbox, as `skillbox.tools.aiSdk(jsonSchema)` makes it. */
const aiSdkTools = (box: AgentToolbox) =>
  toolExports({
    definitions: () => box.definitions(),
    instructionLines: () => box.instructionLines(),
    call: (toolName, args) => box.call(toolName, args),
    subscribe: () => () => {},
  }).aiSdk(jsonSchema);

let runtime: ScriptedRuntime;
let box: AgentToolbox;
let binding: AgentBinding;

beforeEach(async () => {
  const registry = new SkillRegistry(new MemorySkillStorage());
  await registry.install(bundleFromMap(minimalSkill("demo")));
  runtime = new ScriptedRuntime();
  runtime.outcome = { stdout: '{"challenge_id": "ch.1"}\n' };
  binding = { skills: [{ name: "demo", active: true }] };
  box = agentToolbox(
    new SkillTools({ catalog: registry, runtime, files: urlOnlyFileStore }),
    () => binding,
  );
});

const runArgs = { skill_name: "demo", script_path: "scripts/main.py", args: ["--x", "1"] };
const expectedResult = {
  exit_code: 0,
  stdout: '{"challenge_id": "ch.1"}\n',
  timed_out: false,
  files: [],
};

describe("tool exports, one definition for every format", () => {
  test("OpenAI Chat Completions: function tools, role:tool answers with the contract JSON", async () => {
    const tools = await chatCompletionsTools(box);
    expect(tools.map((t) => [t.type, t.function.name])).toEqual([
      ["function", "get_skill_instructions"],
      ["function", "run_skill_script"],
    ]);
    expect(tools[1]?.function.parameters).toMatchObject({
      type: "object",
      required: ["skill_name", "script_path"],
    });
    const answers = await answerChatCompletionsCalls(box, [
      {
        id: "call_1",
        type: "function",
        function: { name: "run_skill_script", arguments: JSON.stringify(runArgs) },
      },
      {
        id: "call_2",
        type: "function",
        function: { name: "run_skill_script", arguments: "{not json" },
      },
    ]);
    expect(answers[0]).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: JSON.stringify(expectedResult),
    });
    expect(JSON.parse(answers[1]!.content).error).toMatch(/^Invalid arguments: not valid JSON/);
    expect(runtime.requests.map((r) => r.args)).toEqual([["--x", "1"]]);
  });

  test("OpenAI Responses: flat function tools, function_call_output answers", async () => {
    const tools = await responsesTools(box);
    expect(tools.map((t) => t.name)).toEqual(["get_skill_instructions", "run_skill_script"]);
    expect(tools[0]).toMatchObject({
      type: "function",
      strict: false,
      parameters: { type: "object" },
    });
    const outputs = await answerResponsesCalls(box, [
      {
        type: "function_call",
        call_id: "fc_1",
        name: "run_skill_script",
        arguments: JSON.stringify(runArgs),
      },
    ]);
    expect(outputs).toEqual([
      { type: "function_call_output", call_id: "fc_1", output: JSON.stringify(expectedResult) },
    ]);
  });

  test("Anthropic Messages: input_schema tools, tool_result answers, errors flagged", async () => {
    const tools = await anthropicTools(box);
    expect(tools.map((t) => t.name)).toEqual(["get_skill_instructions", "run_skill_script"]);
    expect(tools[0]?.input_schema).toMatchObject({
      type: "object",
      properties: { skill_name: { type: "string" } },
    });
    const results = await answerAnthropicToolUses(box, [
      { type: "tool_use", id: "tu_1", name: "run_skill_script", input: runArgs },
      {
        type: "tool_use",
        id: "tu_2",
        name: "get_skill_instructions",
        input: { skill_name: "nope" },
      },
    ]);
    expect(results).toEqual([
      { type: "tool_result", tool_use_id: "tu_1", content: JSON.stringify(expectedResult) },
      {
        type: "tool_result",
        tool_use_id: "tu_2",
        content: JSON.stringify({ error: "Skill not found" }),
        is_error: true,
      },
    ]);
  });

  test("no bound Active skill: every format offers no tool", async () => {
    binding = { skills: [{ name: "demo", active: false }] };
    expect(await chatCompletionsTools(box)).toEqual([]);
    expect(await responsesTools(box)).toEqual([]);
    expect(await anthropicTools(box)).toEqual([]);
    expect(await aiSdkTools(box)).toEqual({});
    expect(await box.instructionLines()).toEqual([]);
  });
});

describe("Vercel AI SDK, driven by the ai package's own mock model", () => {
  test("generateText calls run_skill_script and feeds the contract JSON back to the model", async () => {
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    };
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: "tool-call",
              toolCallId: "call-1",
              toolName: "run_skill_script",
              input: JSON.stringify(runArgs),
            },
          ],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "Your challenge id is ch.1." }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      tools: await aiSdkTools(box),
      system: (await box.instructionLines()).join("\n"),
      prompt: "Verify me",
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("Your challenge id is ch.1.");
    expect(result.steps[0]?.toolResults[0]?.output).toEqual(expectedResult);
    expect(runtime.requests).toHaveLength(1);
    const secondCall = JSON.stringify(model.doGenerateCalls[1]?.prompt);
    expect(secondCall).toContain("ch.1");
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain("[skill: demo]");
  });
});

describe("WebMCP", () => {
  test("registers both tools on a draft-shaped model context and unregisters them on dispose", async () => {
    const registered = new Map<string, WebMcpTool>();
    const context: ModelContext = {
      registerTool: (tool) => {
        registered.set(tool.name, tool);
        return { unregister: () => registered.delete(tool.name) };
      },
    };
    const dispose = await registerWebMcpTools(box, context);
    expect([...registered.keys()]).toEqual(["get_skill_instructions", "run_skill_script"]);
    expect(registered.get("run_skill_script")?.inputSchema).toMatchObject({ type: "object" });
    const answer = await registered.get("run_skill_script")!.execute(runArgs);
    expect(answer).toEqual({ content: [{ type: "text", text: JSON.stringify(expectedResult) }] });
    dispose();
    expect(registered.size).toBe(0);
  });

  test("falls back to unregisterTool(name), and does nothing without a model context", async () => {
    const names: string[] = [];
    const context: ModelContext = {
      registerTool: () => undefined,
      unregisterTool: (name) => names.push(name),
    };
    (await registerWebMcpTools(box, context))();
    expect(names).toEqual(["get_skill_instructions", "run_skill_script"]);
    expect(() => registerWebMcpTools(box, undefined).then((d) => d())).not.toThrow();
  });
});
