import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ImportSource } from "../../src/library/fileImport";
import {
  listMcpSkills,
  McpImportError,
  mcpNameConflict,
  mcpSkillChanged,
  mcpSkillSource,
} from "../../src/library/mcpImport";
import type { McpOrigin } from "../../src/skills/storage";
import {
  OVERSIZED_SKILL,
  type ServedSkill,
  type SkillServer,
  startSkillServer,
  TAMPERED_SKILL,
} from "../helpers/skillServer";

const GREETER_MD =
  "---\nname: greeter\ndescription: Greets.\nmetadata:\n  version: '1.0'\n---\nRun scripts/hello.py.\n";
const MB = 1024 * 1024;

function servedSkills(): ServedSkill[] {
  return [
    {
      path: "acme/tools/greeter",
      files: {
        "SKILL.md": GREETER_MD,
        "scripts/hello.py": "print('hello')\n",
        "data/pixel.bin": new Uint8Array([0, 255, 1, 254]),
      },
    },
    structuredClone(TAMPERED_SKILL),
    structuredClone(OVERSIZED_SKILL),
    {
      path: "live",
      files: { "SKILL.md": "---\nname: live\ndescription: Made.\n---\n" },
      dynamic: true,
    },
    {
      path: "shifty",
      files: { "SKILL.md": "---\nname: shifty\ndescription: What it is.\n---\n" },
      frontmatter: { name: "shifty", description: "What the listing says." },
    },
  ];
}

let server: SkillServer;
beforeAll(async () => {
  server = await startSkillServer(servedSkills());
});
afterAll(() => server.close());
beforeEach(() => {
  server.skills = servedSkills();
  server.delayMs = 0;
  server.methods.length = 0;
});

const text = (source: ImportSource) =>
  source.kind === "files"
    ? Object.fromEntries(source.entries.map((e) => [e.path, new TextDecoder().decode(e.data)]))
    : {};

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpImportError);
  return error as Error;
}

describe("listing", () => {
  test("every page of skills/list, each entry with what it holds and why it cannot install", async () => {
    const listed = await listMcpSkills(server.url);
    expect(listed.map(({ uri, name, files, problem }) => ({ uri, name, files, problem }))).toEqual([
      { uri: "skill://acme/tools/greeter/SKILL.md", name: "greeter", files: 3, problem: undefined },
      { uri: "skill://tampered/SKILL.md", name: "tampered", files: 2, problem: undefined },
      {
        uri: "skill://huge/SKILL.md",
        name: "huge",
        files: 2,
        problem: `skill://huge/blob.bin is ${200 * MB} bytes, past the import limit of ${25 * MB} per file`,
      },
      {
        uri: "skill://live/SKILL.md",
        name: "live",
        files: 0,
        problem: "served as dynamic content with no digests, which Skillbox does not install",
      },
      { uri: "skill://shifty/SKILL.md", name: "shifty", files: 1, problem: undefined },
    ]);
    expect(server.methods.filter((m) => m === "skills/list")).toHaveLength(3);
    expect(listed[0]!.bytes).toBe(GREETER_MD.length + "print('hello')\n".length + 4);
  });

  test("a server that is down, and one that answers too slowly, get clear errors", async () => {
    const down = await startSkillServer([]);
    await down.close();
    expect((await failure(listMcpSkills(down.url))).message).toMatch(
      /^could not connect to the MCP server at http:\/\/127\.0\.0\.1:\d+\/mcp: .* \(is it running, and does it allow this page's origin by CORS\?\)$/,
    );
    server.delayMs = 2000;
    expect((await failure(listMcpSkills(server.url, { timeoutMs: 300 }))).message).toMatch(
      /^the server did not answer skills\/list within 0\.3 s$/,
    );
  });

  test("a server that requires sign-in answers with its token in the headers, and says so without", async () => {
    server.token = "s3cret";
    try {
      expect((await failure(listMcpSkills(server.url))).message).toBe(
        `could not connect to the MCP server at ${server.url}: the server requires sign-in (HTTP 401); skillbox/mcp sends a token given in its headers option`,
      );
      const listed = await listMcpSkills(server.url, {
        headers: { Authorization: "Bearer s3cret" },
      });
      expect(listed).toHaveLength(5);
    } finally {
      delete server.token;
    }
  });

  test("an address that is not http(s) is refused before any request", async () => {
    expect((await failure(listMcpSkills("ftp://example.org/mcp"))).message).toBe(
      '"ftp://example.org/mcp" is not an http or https address',
    );
  });
});

describe("install", () => {
  test("a skill's files, each checked against its digest, with the origin kept", async () => {
    const source = await mcpSkillSource(server.url, "skill://acme/tools/greeter/SKILL.md");
    expect(text(source)).toEqual({
      "greeter/SKILL.md": GREETER_MD,
      "greeter/scripts/hello.py": "print('hello')\n",
      "greeter/data/pixel.bin": "\u0000\ufffd\u0001\ufffd",
    });
    const origin = (source.kind === "files" && source.origin) as McpOrigin;
    expect(origin).toMatchObject({
      kind: "mcp",
      server: server.url,
      uri: "skill://acme/tools/greeter/SKILL.md",
    });
    expect(origin.files.map((f) => f.uri)).toEqual([
      "skill://acme/tools/greeter/SKILL.md",
      "skill://acme/tools/greeter/scripts/hello.py",
      "skill://acme/tools/greeter/data/pixel.bin",
    ]);
    expect(origin.files[2]).toEqual({
      uri: "skill://acme/tools/greeter/data/pixel.bin",
      digest: `sha256:${createHash("sha256")
        .update(new Uint8Array([0, 255, 1, 254]))
        .digest("hex")}`,
      size: 4,
    });
  });

  test("a wrong digest, a wrong size, an oversized file and a front matter that differs install nothing", async () => {
    expect(
      (await failure(mcpSkillSource(server.url, "skill://tampered/SKILL.md"))).message,
    ).toMatch(
      /^skill:\/\/tampered\/run\.py does not match its digest: the manifest says sha256:0{64}, the content is sha256:[0-9a-f]{64}$/,
    );
    server.methods.length = 0;
    expect((await failure(mcpSkillSource(server.url, "skill://huge/SKILL.md"))).message).toBe(
      `skill://huge/SKILL.md cannot be installed: skill://huge/blob.bin is ${200 * MB} bytes, past the import limit of ${25 * MB} per file`,
    );
    expect(server.methods).not.toContain("resources/read");
    server.skills[0]!.claims = { "scripts/hello.py": { size: 3 } };
    expect(
      (await failure(mcpSkillSource(server.url, "skill://acme/tools/greeter/SKILL.md"))).message,
    ).toMatch(/hello\.py is 15 bytes, but the server's manifest says 3$/);
    expect((await failure(mcpSkillSource(server.url, "skill://shifty/SKILL.md"))).message).toBe(
      "skill://shifty/SKILL.md: the SKILL.md front matter differs from the one the server's manifest gives",
    );
    expect((await failure(mcpSkillSource(server.url, "skill://live/SKILL.md"))).message).toMatch(
      /^skill:\/\/live\/SKILL\.md cannot be installed: served as dynamic content/,
    );
    expect((await failure(mcpSkillSource(server.url, "skill://nobody/SKILL.md"))).message).toMatch(
      /^skills\/get failed: .*No skill is served at skill:\/\/nobody\/SKILL\.md/,
    );
  });

  test("an answer far larger than its manifest says is cut off while it arrives", async () => {
    server.skills[0]!.files["data/pixel.bin"] = new Uint8Array(27 * MB);
    server.skills[0]!.claims = { "data/pixel.bin": { size: 4 } };
    expect(
      (await failure(mcpSkillSource(server.url, "skill://acme/tools/greeter/SKILL.md"))).message,
    ).toMatch(/sent an answer of more than \d+ bytes; reading stopped/);
  });
});

describe("updates and names", () => {
  test("a changed file is an update; the same files are not", async () => {
    const source = await mcpSkillSource(server.url, "skill://acme/tools/greeter/SKILL.md");
    const origin = (source.kind === "files" && source.origin) as McpOrigin;
    expect(await mcpSkillChanged(origin)).toBe(false);
    server.skills[0]!.files["scripts/hello.py"] = "print('hello again')\n";
    expect(await mcpSkillChanged(origin)).toBe(true);
  });

  test("a server's skill updates only the skill it installed, never one from elsewhere", () => {
    const incoming: McpOrigin = {
      kind: "mcp",
      server: "http://a/mcp",
      uri: "skill://x/SKILL.md",
      files: [],
    };
    expect(mcpNameConflict("x", incoming, undefined)).toBeUndefined();
    expect(mcpNameConflict("x", incoming, { origin: { ...incoming, files: [] } })).toBeUndefined();
    expect(mcpNameConflict("x", incoming, {})).toBe(
      'a skill named "x" is already installed, from a folder, a zip, a paste or the bundled demos; skill://x/SKILL.md from http://a/mcp is not installed over it. Delete the installed one first to use this one.',
    );
    expect(
      mcpNameConflict("x", incoming, { origin: { ...incoming, server: "http://b/mcp" } }),
    ).toMatch(
      /^a skill named "x" is already installed, from skill:\/\/x\/SKILL\.md on http:\/\/b\/mcp;/,
    );
  });
});
