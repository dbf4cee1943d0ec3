import { describe, expect, test } from "vitest";
import { resolveSkillboxOptions, SkillboxOptionsError } from "../../src/api/options";
import { deploymentConfigSchema } from "../../src/deployment/deploymentConfig";
import { EMBED_CHANNEL, embedRequestSchema, parseEmbedArguments } from "../../src/embed/protocol";
import { securityHeaders } from "../../src/server/securityHeaders";
import { toolDefinitions } from "../../src/tools/definitions";

const problemsOf = (options: unknown) => {
  try {
    resolveSkillboxOptions(options);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(SkillboxOptionsError);
    return (error as SkillboxOptionsError).problems;
  }
};

describe("createSkillbox options", () => {
  test("defaults: IndexedDB named skillbox, the runtime at /skillbox/", () => {
    expect(resolveSkillboxOptions(undefined)).toMatchObject({
      assetsUrl: "/skillbox/",
      storage: "indexeddb",
      storageName: "skillbox",
      limits: {},
      skills: [],
    });
    expect(resolveSkillboxOptions({ assetsUrl: "https://cdn.example/sb" }).assetsUrl).toBe(
      "https://cdn.example/sb/",
    );
  });

  test("each wrong option is named", () => {
    expect(problemsOf({ storage: "disk" })).toEqual([
      'storage: Invalid option: expected one of "indexeddb"|"memory"',
    ]);
    expect(problemsOf({ storageName: "a b" })[0]).toMatch(/^storageName: must be 1 to 64/);
    expect(problemsOf({ limits: { timeLimitMs: -1 } })[0]).toMatch(/^limits\.timeLimitMs: /);
    expect(problemsOf({ eager: ["ruby"] })[0]).toMatch(/^eager\.0: /);
    expect(problemsOf({ assetUrl: "/x/" })).toEqual(["(options): unknown option assetUrl"]);
    expect(problemsOf({ skills: [{ folder: "x" }] })[0]).toMatch(/^skills/);
    expect(problemsOf({ container: "body" })[0]).toMatch(/^container: /);
  });

  test("skills may be a list of sources or a function that loads them", () => {
    const load = async () => [];
    expect(resolveSkillboxOptions({ skills: load }).skills).toBe(load);
    expect(
      resolveSkillboxOptions({ skills: [{ files: { "a/SKILL.md": "x" } }, { zipBase64: "UEs=" }] })
        .skills,
    ).toHaveLength(2);
  });
});

describe("the embed page's message filter", () => {
  const call = (method: unknown, extra: Record<string, unknown> = {}) => ({
    channel: EMBED_CHANNEL,
    kind: "call",
    id: 1,
    method,
    args: [],
    events: false,
    ...extra,
  });
  test("lets through calls of listed methods and stops", () => {
    expect(embedRequestSchema.safeParse(call("callTool")).success).toBe(true);
    expect(embedRequestSchema.safeParse(call("chatSend", { events: true })).success).toBe(true);
    expect(
      embedRequestSchema.safeParse({ channel: EMBED_CHANNEL, kind: "stop", id: 1 }).success,
    ).toBe(true);
  });
  test("drops comlink's messages, unknown methods, other channels and extra fields", () => {
    for (const message of [
      { id: "1", type: "GET", path: ["constructor"] },
      { id: "1", type: "SET", path: ["__proto__", "__proto__", "relaxCsp"], value: 1 },
      { id: "1", type: "APPLY", path: ["listSkills"], argumentList: [] },
      call("constructor"),
      call("__proto__"),
      call("dispose"),
      call("callTool", { extra: true }),
      call("callTool", { channel: "other" }),
      call("callTool", { id: -1 }),
      call("callTool", { args: [1, 2, 3, 4, 5] }),
      null,
      "call",
    ]) {
      expect(embedRequestSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
  test("each method's arguments are parsed by its schema, and a wrong one is named", () => {
    expect(parseEmbedArguments("getSkill", ["a"])).toEqual({ ok: true, args: ["a"] });
    expect(parseEmbedArguments("getSkill", [1])).toMatchObject({
      ok: false,
      error: { name: "TypeError", message: expect.stringMatching(/^getSkill: argument 1: /) },
    });
    expect(parseEmbedArguments("deleteSkill", ["a", "b"])).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^deleteSkill: the argument list: /) },
    });
  });
  test("an import keeps its origin (a repository commit, an MCP skill's digests) when well formed", () => {
    const entries = [{ path: "a/SKILL.md", data: new Uint8Array([1]) }];
    const mcp = {
      kind: "mcp",
      server: "https://skills.example/mcp",
      uri: "skill://a/SKILL.md",
      files: [{ uri: "skill://a/SKILL.md", digest: `sha256:${"a".repeat(64)}`, size: 1 }],
    };
    const repository = {
      kind: "repository",
      url: "https://github.com/o/r",
      commit: "f".repeat(40),
    };
    for (const origin of [
      mcp,
      repository,
      { url: "https://github.com/o/r", commit: "0".repeat(40) },
    ]) {
      expect(parseEmbedArguments("importSkill", [{ kind: "files", entries, origin }])).toEqual({
        ok: true,
        args: [{ kind: "files", entries, origin }],
      });
    }
    for (const origin of [
      { ...mcp, files: [{ ...mcp.files[0], digest: "sha256:short" }] },
      { ...repository, commit: "main" },
      { ...mcp, kind: "ftp" },
    ]) {
      expect(parseEmbedArguments("importSkill", [{ kind: "files", entries, origin }]).ok).toBe(
        false,
      );
    }
  });

  test("a key named __proto__ is refused, and nothing reaches Object.prototype", () => {
    const polluted = JSON.parse('{"__proto__": {"relaxCsp": true}}');
    for (const [method, args] of [
      ["callTool", ["run_skill_script", {}, polluted]],
      ["updateProfile", ["a", polluted]],
      ["toolDefinitions", [polluted]],
      ["installSkill", [{ files: {} }, polluted]],
    ] as const) {
      expect(parseEmbedArguments(method, [...args]), method).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('Unrecognized key: "__proto__"') },
      });
    }
    expect(parseEmbedArguments("installSkill", [{ files: polluted }]).ok).toBe(true);
    expect(({} as Record<string, unknown>).relaxCsp).toBeUndefined();
  });
});

describe("the embed page's headers", () => {
  test("frame-ancestors: the allowed origins on the embed page, the app's own on its page", () => {
    const embed = securityHeaders("/skillbox/embed.html", ["https://host.example"]);
    expect(embed["Content-Security-Policy"]).toMatch(
      /; frame-ancestors 'self' https:\/\/host\.example$/,
    );
    expect(securityHeaders("/skillbox/embed.html")["Content-Security-Policy"]).toMatch(
      /; frame-ancestors 'self'$/,
    );
    expect(securityHeaders("/index.html")["Content-Security-Policy"]).toMatch(
      /; frame-ancestors 'self'$/,
    );
    expect(securityHeaders("/skillbox/sandbox.html")["Content-Security-Policy"]).not.toContain(
      "frame-ancestors",
    );
  });
  test("allowed origins must be origins", () => {
    const parse = (allowedOrigins: string[]) =>
      deploymentConfigSchema.safeParse({ embed: { allowedOrigins } }).success;
    expect(parse(["https://host.example", "http://127.0.0.2:8000", "*"])).toBe(true);
    expect(parse(["https://host.example/page"])).toBe(false);
    expect(parse(["host.example"])).toBe(false);
  });
});

describe("tool definitions with the reachable skills", () => {
  test("skill_name carries them as an enum in both tools", () => {
    for (const definition of toolDefinitions(undefined, ["a", "b"])) {
      const properties = definition.parameters.properties as Record<string, { enum?: string[] }>;
      expect(properties.skill_name?.enum).toEqual(["a", "b"]);
    }
    for (const definition of toolDefinitions()) {
      const properties = definition.parameters.properties as Record<string, { enum?: string[] }>;
      expect(properties.skill_name?.enum).toBeUndefined();
    }
  });
});
