import { describe, expect, test } from "vitest";
import { runTurn } from "../../src/agent/agentLoop";
import type { CompletionRequest, ModelProvider } from "../../src/agent/providers/provider";
import { readServerSentEvents } from "../../src/agent/sse";
import { agentToolbox } from "../../src/agent/toolbox";
import type { TranscriptItem } from "../../src/agent/transcript";
import { bundleFromMap, MemorySkillStorage, SkillRegistry } from "../../src/skills";
import type { SkillCatalog } from "../../src/skills/registry";
import { SkillTools } from "../../src/tools/skillTools";
import { ScriptedRuntime, urlOnlyFileStore } from "../helpers/fakeRuntime";
import { minimalSkill, skillMd } from "../helpers/skillFixtures";

async function toolbox() {
  const registry = new SkillRegistry(new MemorySkillStorage());
  await registry.install(bundleFromMap(minimalSkill("demo")));
  const runtime = new ScriptedRuntime();
  const tools = new SkillTools({ catalog: registry, runtime, files: urlOnlyFileStore });
  return {
    box: agentToolbox(tools, () => ({ skills: [{ name: "demo", active: true }] })),
    runtime,
  };
}

describe("agent turn", () => {
  test("a model that never stops calling tools is stopped at the step limit", async () => {
    const { box, runtime } = await toolbox();
    const requests: CompletionRequest[] = [];
    const provider: ModelProvider = {
      async complete(request) {
        requests.push(request);
        return {
          text: "",
          toolCalls: [
            {
              id: `c${requests.length}`,
              name: "run_skill_script",
              arguments: '{"skill_name":"demo","script_path":"scripts/main.py"}',
            },
          ],
        };
      },
    };
    const transcript: TranscriptItem[] = [{ role: "user", text: "go" }];
    const outcome = await runTurn({
      provider,
      toolbox: box,
      transcript,
      signal: new AbortController().signal,
      maxSteps: 3,
    });
    expect(outcome).toEqual({ cancelled: false });
    expect(requests).toHaveLength(3);
    expect(runtime.requests).toHaveLength(3);
    const last = transcript.at(-1);
    expect(last).toMatchObject({
      role: "assistant",
      text: "(Stopped after 3 tool steps without a final answer.)",
    });
    expect(last?.role === "assistant" && last.metadata?.skillToolCalls.length).toBe(3);
    expect(requests[0]?.system).toContain("[skill: demo]");
    expect(requests[0]?.tools.map((t) => t.name)).toEqual([
      "get_skill_instructions",
      "run_skill_script",
    ]);
  });

  test("several tool calls in one step all run, and bad JSON arguments come back as an error", async () => {
    const { box, runtime } = await toolbox();
    let step = 0;
    const provider: ModelProvider = {
      async complete() {
        step++;
        if (step > 1) return { text: "done", toolCalls: [] };
        return {
          text: "",
          toolCalls: [
            { id: "a", name: "get_skill_instructions", arguments: { skill_name: "demo" } },
            {
              id: "b",
              name: "run_skill_script",
              arguments: '{"skill_name":"demo","script_path":"scripts/main.py"}',
            },
            { id: "c", name: "run_skill_script", arguments: "{oops" },
          ],
        };
      },
    };
    const transcript: TranscriptItem[] = [{ role: "user", text: "go" }];
    await runTurn({ provider, toolbox: box, transcript, signal: new AbortController().signal });
    const results = transcript.filter((i) => i.role === "tool");
    expect(results.map((r) => r.callId)).toEqual(["a", "b", "c"]);
    expect(JSON.stringify(results[2])).toContain("not valid JSON");
    expect(runtime.requests).toHaveLength(1);
  });
});

test("server-sent events are read across chunk boundaries", async () => {
  const text = 'event: a\ndata: {"x":1}\n\ndata: line1\ndata: line2\n\ndata: [DONE]\n\n';
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.subarray(i, i + 5));
      controller.close();
    },
  });
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  expect(events).toEqual([
    { event: "a", data: '{"x":1}' },
    { data: "line1\nline2" },
    { data: "[DONE]" },
  ]);
});

/** An agent's toolbox over `catalog` with `names` bound and Active, running nothing real. */
function toolboxOver(catalog: SkillCatalog, names: string[]) {
  const tools = new SkillTools({
    catalog,
    runtime: new ScriptedRuntime(),
    files: urlOnlyFileStore,
  });
  return agentToolbox(tools, () => ({ skills: names.map((name) => ({ name, active: true })) }));
}

describe("notes on skills in the system prompt", () => {
  test("a reachable skill's compatibility is one line after the contract's lines; others add none", async () => {
    const registry = new SkillRegistry(new MemorySkillStorage());
    await registry.install(
      bundleFromMap({
        ...minimalSkill("needs-net"),
        "needs-net/SKILL.md": skillMd(
          "needs-net",
          "Fetches prices.",
          "compatibility: Requires network access\n  and curl\n",
        ),
      }),
    );
    await registry.install(bundleFromMap(minimalSkill("plain")));
    await registry.install(
      bundleFromMap({
        ...minimalSkill("unbound"),
        "unbound/SKILL.md": skillMd("unbound", "Not bound.", "compatibility: Linux only\n"),
      }),
    );
    const box = toolboxOver(registry, ["needs-net", "plain"]);
    const requests: CompletionRequest[] = [];
    await runTurn({
      provider: {
        async complete(request) {
          requests.push(request);
          return { text: "ok", toolCalls: [] };
        },
      },
      toolbox: box,
      transcript: [{ role: "user", text: "hi" }],
      signal: new AbortController().signal,
    });
    const lines = requests[0]!.system.split("\n");
    expect(lines.slice(1)).toEqual([
      '[skill: needs-net] Fetches prices. (call get_skill_instructions("needs-net") before using it; run its scripts with run_skill_script)',
      '[skill: plain] The plain test skill. (call get_skill_instructions("plain") before using it; run its scripts with run_skill_script)',
      "[skill: needs-net] compatibility: Requires network access and curl",
    ]);
  });

  test("a skill installed from an MCP server is named as that server's in the system prompt", async () => {
    const registry = new SkillRegistry(new MemorySkillStorage());
    await registry.install(bundleFromMap(minimalSkill("served")), {
      kind: "mcp",
      server: "https://skills.example/mcp",
      uri: "skill://acme/served/SKILL.md",
      files: [],
    });
    await registry.install(bundleFromMap(minimalSkill("local")));
    const box = toolboxOver(registry, ["served", "local"]);
    expect(await box.skillNoteLines?.()).toEqual([
      "[skill: served] origin: the MCP server https://skills.example/mcp (skill://acme/served/SKILL.md); its instructions and scripts are that server's, not the user's",
    ]);
  });

  test("the notes come from the library's entries, without loading a version's files each turn", async () => {
    const storage = new MemorySkillStorage();
    const registry = new SkillRegistry(storage);
    const withNote = (name: string) =>
      bundleFromMap({
        ...minimalSkill(name),
        [`${name}/SKILL.md`]: skillMd(name, "Needs a network.", "compatibility: Needs a network\n"),
      });
    await registry.install(withNote("recorded"));
    await registry.install(withNote("older"));
    // An entry stored before notes were kept with it: its version is read instead.
    const older = await storage.get("older");
    await storage.transact("older", () => ({
      entry: { ...older!, about: undefined },
      deleteVersions: [],
    }));
    const read: string[] = [];
    const catalog = {
      listSkills: () => registry.listSkills(),
      getSkill: (name: string, version?: number) => {
        read.push(name);
        return registry.getSkill(name, version);
      },
    };
    const box = toolboxOver(catalog, ["recorded", "older"]);
    expect(await box.skillNoteLines?.()).toEqual([
      "[skill: recorded] compatibility: Needs a network",
      "[skill: older] compatibility: Needs a network",
    ]);
    expect(read).toEqual(["older"]);
  });
});
