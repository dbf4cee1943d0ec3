import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/** One skill the server serves: its folder path in the server's namespace and its files. */
export interface ServedSkill {
  /** `<skill-path>` of SEP-2640, its last segment the skill's name (`acme/greeter`). */
  path: string;
  files: Record<string, string | Uint8Array>;
  /** What the manifest claims for a file instead of the truth: a lying or oversized server. */
  claims?: Record<string, { digest?: string; size?: number }>;
  /** Served as "dynamic": no manifest, no digests. */
  dynamic?: boolean;
  /** The front matter the entry gives instead of SKILL.md's own. */
  frontmatter?: Record<string, unknown>;
}

export interface SkillServer {
  /** The MCP endpoint (Streamable HTTP), e.g. `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** The skills served; change them between calls as a publisher would. */
  skills: ServedSkill[];
  /** Milliseconds each MCP request waits before it is answered: a slow server. */
  delayMs: number;
  /** The JSON-RPC methods called so far, in order. */
  methods: string[];
  /** When set, a request without `Authorization: Bearer <token>` gets 401. */
  token?: string;
  close(): Promise<void>;
}

/** A skill whose manifest gives run.py a digest its content does not have. */
export const TAMPERED_SKILL: ServedSkill = {
  path: "tampered",
  files: { "SKILL.md": "---\nname: tampered\ndescription: Lies.\n---\n", "run.py": "print(1)\n" },
  claims: { "run.py": { digest: `sha256:${"0".repeat(64)}` } },
};

/** A skill whose manifest lists a 200 MB file (it serves one byte). */
export const OVERSIZED_SKILL: ServedSkill = {
  path: "huge",
  files: { "SKILL.md": "---\nname: huge\ndescription: Big.\n---\n", "blob.bin": "x" },
  claims: { "blob.bin": { size: 200 * 1024 * 1024 } },
};

const bytesOf = (content: string | Uint8Array) =>
  typeof content === "string" ? new TextEncoder().encode(content) : content;
const digestOf = (bytes: Uint8Array) =>
  `sha256:${createHash("sha256").update(bytes).digest("hex")}`;

function entryOf(skill: ServedSkill) {
  const root = `skill://${skill.path}`;
  const skillMd = new TextDecoder().decode(bytesOf(skill.files["SKILL.md"] ?? ""));
  const frontmatter =
    skill.frontmatter ?? (parseYaml(/^---\n([\s\S]*?)\n---/.exec(skillMd)?.[1] ?? "") as object);
  const resources = skill.dynamic
    ? ("dynamic" as const)
    : Object.entries(skill.files).map(([path, content]) => {
        const bytes = bytesOf(content);
        return {
          uri: `${root}/${path}`,
          digest: skill.claims?.[path]?.digest ?? digestOf(bytes),
          size: skill.claims?.[path]?.size ?? bytes.byteLength,
        };
      });
  return { uri: `${root}/SKILL.md`, frontmatter, resources };
}

const listRequest = z.object({
  method: z.literal("skills/list"),
  params: z.object({ cursor: z.string().optional() }).optional(),
});
const getRequest = z.object({
  method: z.literal("skills/get"),
  params: z.object({ uri: z.string() }),
});

/**
 * An MCP server on 127.0.0.1 that serves skills per the Skills extension (SEP-2640) with the
 * official TypeScript SDK, stateless over Streamable HTTP, and answers CORS preflights so a page
 * of another origin can call it. `skills/list` pages two skills at a time.
 */
export async function startSkillServer(skills: ServedSkill[]): Promise<SkillServer> {
  const state: SkillServer = {
    url: "",
    skills,
    delayMs: 0,
    methods: [],
    close: async () => {},
  };

  const mcpServer = () => {
    const server = new Server(
      { name: "test-skills", version: "1.0.0" },
      {
        capabilities: {
          resources: {},
          extensions: { "io.modelcontextprotocol/skills": {} },
        },
      },
    );
    const wait = () => new Promise((resolve) => setTimeout(resolve, state.delayMs));
    server.setRequestHandler(listRequest, async (request) => {
      await wait();
      const start = Number(request.params?.cursor ?? 0);
      const page = state.skills.slice(start, start + 2).map(entryOf);
      const next = start + 2 < state.skills.length ? { nextCursor: String(start + 2) } : {};
      return { skills: page, ttlMs: 0, cacheScope: "public", ...next };
    });
    server.setRequestHandler(getRequest, async (request) => {
      await wait();
      const skill = state.skills.find((s) => `skill://${s.path}/SKILL.md` === request.params.uri);
      if (!skill) throw new Error(`No skill is served at ${request.params.uri}`);
      return { skill: entryOf(skill), ttlMs: 0, cacheScope: "public" };
    });
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      await wait();
      for (const skill of state.skills) {
        const prefix = `skill://${skill.path}/`;
        const content = request.params.uri.startsWith(prefix)
          ? skill.files[request.params.uri.slice(prefix.length)]
          : undefined;
        if (content === undefined) continue;
        return {
          contents: [
            typeof content === "string"
              ? { uri: request.params.uri, mimeType: "text/plain", text: content }
              : {
                  uri: request.params.uri,
                  mimeType: "application/octet-stream",
                  blob: Buffer.from(content).toString("base64"),
                },
          ],
        };
      }
      throw new Error(`No resource ${request.params.uri}`);
    });
    return server;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "*");
    response.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
    response.setHeader("Access-Control-Expose-Headers", "mcp-session-id, mcp-protocol-version");
    if (request.method === "OPTIONS") {
      response.writeHead(204).end();
      return;
    }
    if (state.token && request.headers.authorization !== `Bearer ${state.token}`) {
      response.writeHead(401, { "WWW-Authenticate": "Bearer" }).end();
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { method?: string };
    if (body.method) state.methods.push(body.method);
    const server = mcpServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  state.close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return state;
}
