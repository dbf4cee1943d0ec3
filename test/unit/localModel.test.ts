import { describe, expect, test } from "vitest";
import { runTurn } from "../../src/agent/agentLoop";
import { ChatTemplateError, renderChatPrompt } from "../../src/agent/local/chatPrompt";
import { contextSize, memoryNeeded, memoryProblem } from "../../src/agent/local/engine";
import { isOtherEngineBuild } from "../../src/agent/local/engineBuild";
import { GgufFormatError, readGgufHeader } from "../../src/agent/local/ggufHeader";
import { ModelFileError, readModelFile } from "../../src/agent/local/modelFile";
import {
  IncompleteToolCallError,
  readModelReply,
  visibleText,
} from "../../src/agent/local/modelReply";
import { toolReplyGrammar } from "../../src/agent/local/toolGrammar";
import { agentToolbox } from "../../src/agent/toolbox";
import type { TranscriptItem } from "../../src/agent/transcript";
import { bundleFromMap, MemorySkillStorage, SkillRegistry } from "../../src/skills";
import { toolDefinitions } from "../../src/tools/definitions";
import { SkillTools } from "../../src/tools/skillTools";
import { ScriptedRuntime, urlOnlyFileStore } from "../helpers/fakeRuntime";
import { minimalSkill } from "../helpers/skillFixtures";
import { TINY_CHAT_TEMPLATE, TOOL_THEN_ANSWER, tinyGguf } from "../helpers/tinyGguf";

const model = tinyGguf({ name: "Unit model", table: TOOL_THEN_ANSWER });

describe("GGUF header", () => {
  test("a model's identity, size, parameters, context, template and special tokens", async () => {
    const info = await readModelFile(new Blob([model]), "unit.gguf");
    expect(info).toMatchObject({
      name: "Unit model",
      architecture: "llama",
      sizeBytes: model.length,
      parameterCount: 115_776,
      contextLength: 8192,
      // 2 layers × 4 KV heads × (16 + 16) × 2 bytes.
      cacheBytesPerToken: 512,
      bosToken: "<s>",
      eosToken: "<|im_end|>",
      addsBos: true,
      chatTemplate: TINY_CHAT_TEMPLATE,
    });
  });

  test("the header is read in slices, never the whole file", async () => {
    const reads: number[] = [];
    const padded = new Blob([model, new Uint8Array(64 * 1024 * 1024)]);
    const spy = Object.create(padded) as Blob;
    spy.slice = (start?: number, end?: number) => {
      reads.push((end ?? padded.size) - (start ?? 0));
      return padded.slice(start, end);
    };
    Object.defineProperty(spy, "size", { value: padded.size });
    await readGgufHeader(spy);
    expect(Math.max(...reads)).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  test("a file that is not GGUF, one cut anywhere, and an implausible header are refused by name", async () => {
    await expect(readModelFile(new Blob(["plain text"]), "notes.gguf")).rejects.toMatchObject({
      problem: "not-gguf",
      message: expect.stringMatching(/^notes\.gguf is not a GGUF model file/),
    });
    for (const cut of [12, 200, 5000, 30_000, model.length - 1]) {
      const error = await readModelFile(new Blob([model.subarray(0, cut)]), "cut.gguf").catch(
        (e: unknown) => e,
      );
      expect(error, `cut at ${cut}`).toBeInstanceOf(ModelFileError);
      expect((error as ModelFileError).problem).toBe("truncated");
    }
    const hostile = model.slice();
    new DataView(hostile.buffer).setBigUint64(16, 1n << 40n, true);
    await expect(readGgufHeader(new Blob([hostile]))).rejects.toBeInstanceOf(GgufFormatError);
  });
});

describe("a hostile GGUF header", () => {
  /** A header of one key whose value is `depth` arrays, each holding the next. */
  function nestedArrays(depth: number): Blob {
    const bytes: number[] = [];
    const u32 = (n: number) => bytes.push(n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24);
    const u64 = (n: number) => {
      u32(n);
      u32(0);
    };
    u32(0x46554747);
    u32(3);
    u64(0);
    u64(1);
    u64(1);
    bytes.push("k".charCodeAt(0));
    u32(9);
    for (let level = 1; level < depth; level++) {
      u32(9);
      u64(1);
    }
    u32(4);
    u64(0);
    return new Blob([new Uint8Array(bytes)]);
  }

  test("arrays nested deeper than GGUF writers nest them are refused by name", async () => {
    await expect(readGgufHeader(nestedArrays(2))).resolves.toMatchObject({ version: 3 });
    await expect(readGgufHeader(nestedArrays(3))).rejects.toThrow(
      new GgufFormatError("arrays nested more than 2 deep"),
    );
    await expect(readGgufHeader(nestedArrays(100_000))).rejects.toBeInstanceOf(GgufFormatError);
  });

  test("a header that goes on past 128 MiB is refused, and nothing past that is read", async () => {
    const reads: number[] = [];
    const body = new Uint8Array(41);
    const view = new DataView(body.buffer);
    view.setUint32(0, 0x46554747, true);
    view.setUint32(4, 3, true);
    view.setBigUint64(16, 2n, true);
    // Key "a": an array of 2^24 u64 values (128 MiB, skipped); the second key lies beyond.
    view.setBigUint64(24, 1n, true);
    body[32] = "a".charCodeAt(0);
    view.setUint32(33, 9, true);
    view.setUint32(37, 10, true);
    const length = new Uint8Array(8);
    new DataView(length.buffer).setBigUint64(0, 1n << 24n, true);
    const padded = new Blob([body, length, new Uint8Array(200 * 1024 * 1024)]);
    const spy = Object.create(padded) as Blob;
    spy.slice = (start?: number, end?: number) => {
      reads.push(end ?? padded.size);
      return padded.slice(start, end);
    };
    Object.defineProperty(spy, "size", { value: padded.size });
    const error = await readGgufHeader(spy).catch((e: unknown) => e);
    expect(error).toEqual(new GgufFormatError("a header longer than 128 MiB"));
    expect(Math.max(...reads)).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});

describe("memory check before loading", () => {
  test("a model that cannot fit is refused with the sizes; one that fits is not", () => {
    // Qwen3 0.6B at Q4_K_M: 0.4 GB of file, 28 layers × 8 KV heads × 2 × 128 × 2 bytes per token.
    const small = memoryNeeded(400e6, 114_688 * contextSize(40_960));
    expect(small / 1e9).toBeCloseTo(1.66, 1);
    expect(memoryProblem(small, 4, false)).toBeUndefined();
    expect(memoryProblem(small, undefined, false)).toBeUndefined();
    expect(memoryProblem(small, 2, false)).toBe(
      "This model needs about 1.7 GB of memory and this browser can give it about 1.5 GB: choose a smaller model or a smaller quantization (Q4_K_M of a 0.6B–3B model fits most machines).",
    );
    expect(memoryProblem(20e9, undefined, false)).toMatch(/can give it about 17\.2 GB/);
    // The compatibility build (Safari) addresses 4 GiB at most.
    expect(memoryProblem(5e9, 16, true)).toMatch(/can give it about 4\.3 GB/);
  });
});

describe("engine builds", () => {
  test("the service worker keeps offline only the build this browser loads", () => {
    const main = "/skillbox/vendor/wllama/wllama.wasm";
    const compat = [
      "/skillbox/vendor/wllama/compat/wllama.wasm",
      "/skillbox/vendor/wllama/compat/wllama.js",
    ];
    const other = [
      "/skillbox/vendor/wllama/wllama.js",
      "/skillbox/vendor/pyodide/pyodide.asm.wasm",
    ];
    expect([main, ...compat, ...other].filter((url) => isOtherEngineBuild(url, false))).toEqual(
      compat,
    );
    expect([main, ...compat, ...other].filter((url) => isOtherEngineBuild(url, true))).toEqual([
      main,
    ]);
  });
});

describe("tool grammar", () => {
  const grammar = toolReplyGrammar(toolDefinitions(undefined, ["relay", "csv-insights"]));

  test("text, or one call of a real tool whose arguments follow its schema", () => {
    expect(grammar).toMatch(
      /^root ::= think\? \( "<tool_call>" ws \( call0 \| call1 \) ws "<\/tool_call>" \| call0 \| call1 \| text \)$/m,
    );
    expect(grammar).toContain('call1 ::= "{" q "name" q ":" sp q "run_skill_script" q');
    expect(grammar).toContain('args0-0 ::= "\\"relay\\"" | "\\"csv-insights\\""');
    // Required properties always, `args` optional, nothing else; at most 32 arguments.
    expect(grammar).toMatch(
      /args1 ::= "\{" sp "\\"skill_name\\"" ":" sp args1-0 "," sp "\\"script_path\\"" ":" sp args1-1 \("," sp "\\"args\\"" ":" sp args1-2\)\? "\}"/,
    );
    expect(grammar).toContain('args1-2 ::= "[" sp (args1-2-item ("," sp args1-2-item){0,31})? "]"');
    expect(grammar).toContain("args1-2-item ::= q char{0,1024} q");
    expect(grammar).toMatch(/^text ::= \[\^\{<\\x00\] \[\^\\x00\]\*$/m);
  });

  test("with no tools only text is possible", () => {
    expect(toolReplyGrammar([])).toMatch(/^root ::= think\? text$/m);
  });

  test("every rule used is defined", () => {
    const defined = new Set([...grammar.matchAll(/^([\w-]+) ::=/gm)].map((m) => m[1]));
    const bodies = grammar.split("\n").map((line) => line.replace(/^[\w-]+ ::= /, ""));
    const used = bodies.flatMap((body) =>
      [...body.replace(/"(\\.|[^"\\])*"|\[(\\.|[^\]\\])*\]/g, "").matchAll(/[a-z][\w-]*/g)].map(
        (m) => m[0],
      ),
    );
    expect(used.filter((name) => !defined.has(name))).toEqual([]);
  });
});

describe("reading a reply", () => {
  test("text shows as it streams; a call or thinking never does", () => {
    expect(visibleText("Hel")).toBe("Hel");
    expect(visibleText('{"name"')).toBeUndefined();
    expect(visibleText("<tool_call>")).toBeUndefined();
    expect(visibleText("<think>hmm")).toBeUndefined();
    expect(visibleText("<think>hmm</th")).toBeUndefined();
    expect(visibleText("<think>hmm</think>\nSure")).toBe("Sure");
  });

  test("a call in any of the accepted shapes becomes one tool call with JSON arguments", () => {
    for (const raw of [
      '{"name":"run_skill_script","arguments":{"skill_name":"a","script_path":"b.py"}}',
      '<tool_call>\n{"name": "run_skill_script", "parameters": {"skill_name": "a", "script_path": "b.py"}}\n</tool_call>',
      '<think>plan</think>\n{"name":"run_skill_script","arguments":{"skill_name":"a","script_path":"b.py"}}',
    ]) {
      expect(readModelReply(raw, "call_x")).toEqual({
        text: "",
        toolCalls: [
          {
            id: "call_x",
            name: "run_skill_script",
            arguments: '{"skill_name":"a","script_path":"b.py"}',
          },
        ],
      });
    }
    expect(readModelReply("  The answer is 4.\n", "c")).toEqual({
      text: "The answer is 4.",
      toolCalls: [],
    });
  });

  test("a call cut off by the token limit is reported, not guessed", () => {
    expect(() => readModelReply('{"name":"run_skill_script","argu', "c")).toThrow(
      IncompleteToolCallError,
    );
  });

  test("a call of an unknown tool is answered with the contract's tool error and the turn goes on", async () => {
    const registry = new SkillRegistry(new MemorySkillStorage());
    await registry.install(bundleFromMap(minimalSkill("demo")));
    const tools = new SkillTools({
      catalog: registry,
      runtime: new ScriptedRuntime(),
      files: urlOnlyFileStore,
    });
    const replies = [
      readModelReply('{"name":"delete_everything","arguments":{}}', "c1"),
      readModelReply("Sorry, I cannot.", "c2"),
    ];
    const transcript: TranscriptItem[] = [{ role: "user", text: "go" }];
    const outcome = await runTurn({
      provider: { complete: async () => replies.shift()! },
      toolbox: agentToolbox(tools, () => ({ skills: [{ name: "demo", active: true }] })),
      transcript,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ cancelled: false });
    expect(transcript[2]).toMatchObject({
      role: "tool",
      result: { error: expect.stringMatching(/^Unknown tool "delete_everything"/) },
    });
    expect(transcript.at(-1)).toMatchObject({ role: "assistant", text: "Sorry, I cannot." });
  });
});

describe("chat prompt", () => {
  const format = {
    chatTemplate: TINY_CHAT_TEMPLATE,
    bosToken: "<s>",
    eosToken: "<|im_end|>",
    addsBos: true,
  };
  const conversation: TranscriptItem[] = [
    { role: "user", text: "hi" },
    {
      role: "assistant",
      text: "",
      toolCalls: [
        { id: "c1", name: "get_skill_instructions", arguments: '{"skill_name":"relay"}' },
      ],
    },
    { role: "tool", callId: "c1", name: "get_skill_instructions", result: { error: "nope" } },
  ];

  test("the model's own template renders the tools, the call with its arguments, and the result", () => {
    const prompt = renderChatPrompt(
      format,
      "SYS",
      conversation,
      toolDefinitions(undefined, ["relay"]),
    );
    expect(prompt.startsWith("<|im_start|>system\nSYS\n\n# Tools")).toBe(true);
    expect(prompt).toContain('"name": "run_skill_script"');
    expect(prompt).toContain(
      '<tool_call>\n{"name": "get_skill_instructions", "arguments": {"skill_name": "relay"}}\n</tool_call>',
    );
    expect(prompt).toContain('<tool_response>\n{"error":"nope"}\n</tool_response>');
    expect(prompt.endsWith("<|im_start|>assistant\t")).toBe(true);
  });

  test("a model without a template gets ChatML; a BOS the engine adds is not doubled", () => {
    const prompt = renderChatPrompt(
      { ...format, chatTemplate: null },
      "S",
      [{ role: "user", text: "x" }],
      [],
    );
    expect(prompt).toBe(
      "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nx<|im_end|>\n<|im_start|>assistant\n",
    );
    const withBos = renderChatPrompt(
      { ...format, chatTemplate: "{{ bos_token }}[{{ messages[0].content }}]" },
      "",
      [{ role: "user", text: "x" }],
      [],
    );
    expect(withBos).toBe("[x]");
  });

  test("a template that cannot be read, or that raises, is a clear error", () => {
    expect(() => renderChatPrompt({ ...format, chatTemplate: "{% if %}" }, "", [], [])).toThrow(
      ChatTemplateError,
    );
    expect(() =>
      renderChatPrompt(
        { ...format, chatTemplate: "{{ raise_exception('roles must alternate') }}" },
        "",
        [],
        [],
      ),
    ).toThrow(/failed on this conversation: .*roles must alternate/);
  });
});
