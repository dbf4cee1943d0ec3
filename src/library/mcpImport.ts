import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { parse as parseYaml } from "yaml";
import { decodeBase64 } from "../encoding/base64";
import type { BundleEntry } from "../skills/bundle";
import { DEFAULT_BUNDLE_LIMITS, importLimitProblem } from "../skills/limits";
import { splitFrontMatter } from "../skills/manifest";
import type { McpOrigin, McpSkillFile } from "../skills/storage";
import { z } from "../zod.ts";
import { fewAtATime } from "./fewAtATime";
import type { ImportSource } from "./fileImport";
import { McpImportError } from "./mcpOrigin";

export { McpImportError, mcpNameConflict } from "./mcpOrigin";

/**
 * Skills served by an MCP server through the Skills extension (SEP-2640): `skills/list` and
 * `skills/get` describe each skill with its front matter and every file's sha256 digest and
 * size; the files are read with `resources/read`. The page talks to the server; a sandbox never
 * does.
 */

const EXTENSION = "io.modelcontextprotocol/skills";

/** One skill as a server lists it, checked enough to show it and to say why it cannot install. */
export interface McpSkillListing {
  /** The URI of its SKILL.md: with the server's address, the skill's identity. */
  uri: string;
  name: string;
  description: string;
  /** Files and bytes its manifest lists (0 for a skill served as "dynamic"). */
  files: number;
  bytes: number;
  /** Why it cannot be installed, if it cannot; the listing shows it without an Install button. */
  problem?: string;
}

export interface McpImportOptions {
  signal?: AbortSignal;
  /** How long one request may take before the import gives up; 15 s by default. */
  timeoutMs?: number;
  /**
   * Headers sent with every request, e.g. `{ Authorization: "Bearer …" }` for a server that
   * requires sign-in. Not kept with the installed version: pass them again to check for updates.
   */
  headers?: Record<string, string>;
}

const skillFile = z.object({
  uri: z.string().min(1),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/, "not sha256: and 64 lowercase hex digits"),
  size: z.number().int().nonnegative(),
});
const skillEntry = z.object({
  uri: z.string().min(1),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.union([z.array(skillFile), z.literal("dynamic")]),
});
type SkillEntry = z.infer<typeof skillEntry>;

const listAnswer = z.looseObject({
  skills: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});
const getAnswer = z.looseObject({ skill: z.unknown() });

/** Pages of `skills/list` read at most: a listing may be endless, the dialog is not. */
const MAX_LIST_PAGES = 20;

/**
 * The largest HTTP answer read: a file at the import limit, as base64 in JSON, with room to
 * spare. A server that lies about a size is cut off here instead of filling the page's memory.
 */
const MAX_ANSWER_BYTES = Math.ceil((DEFAULT_BUNDLE_LIMITS.maxFileBytes * 4) / 3) + 1024 * 1024;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The SDK's code for a request that got no answer within its timeout. */
const REQUEST_TIMEOUT = -32001;

/** What went wrong with one request, in the user's terms where the SDK's are a code. */
function requestFailure(method: string, error: unknown, request: RequestOptions): McpImportError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === REQUEST_TIMEOUT) {
    return new McpImportError(
      `the server did not answer ${method} within ${request.timeout / 1000} s`,
    );
  }
  // The SDK's HTTP errors carry the status as their code.
  if (code === 401 || code === 403) {
    return new McpImportError(
      `the server requires sign-in (HTTP ${code}); skillbox/mcp sends a token given in its headers option`,
    );
  }
  if (typeof code === "number" && code >= 400 && code < 600) {
    return new McpImportError(`${method} failed: the server answered HTTP ${code}`);
  }
  return new McpImportError(`${method} failed: ${describe(error)}`);
}

/** `fetch` whose answers end with an error past {@link MAX_ANSWER_BYTES}. */
function cappedFetch(): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    // A status that has no body (204, 304) cannot be given one by the Response constructor.
    if (!response.body || [204, 205, 304].includes(response.status)) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > MAX_ANSWER_BYTES) {
            controller.error(
              new McpImportError(
                `the server sent an answer of more than ${MAX_ANSWER_BYTES} bytes; reading stopped`,
              ),
            );
          } else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** A connected client of a server that declares the Skills extension; closed by `use`'s end. */
async function withServer<T>(
  server: string,
  options: McpImportOptions,
  use: (client: Client, request: RequestOptions) => Promise<T>,
): Promise<T> {
  let url: URL;
  try {
    url = new URL(server.trim());
  } catch {
    throw new McpImportError(`"${server}" is not a web address`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new McpImportError(`"${server}" is not an http or https address`);
  }
  const request: RequestOptions = {
    timeout: options.timeoutMs ?? 15_000,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const client = new Client({ name: "skillbox", version: "1" });
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: cappedFetch(),
    ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
  });
  try {
    try {
      await client.connect(transport, request);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const reason = requestFailure("initialize", error, request).message;
      // No status and no JSON-RPC code: the request never got an answer the page may read.
      const unanswered = typeof (error as { code?: unknown } | null)?.code !== "number";
      throw new McpImportError(
        `could not connect to the MCP server at ${url.href}: ${reason}${unanswered ? " (is it running, and does it allow this page's origin by CORS?)" : ""}`,
      );
    }
    if (!client.getServerCapabilities()?.extensions?.[EXTENSION]) {
      throw new McpImportError(
        `the MCP server at ${url.href} serves no skills: it does not declare the Skills extension (${EXTENSION})`,
      );
    }
    return await use(client, request);
  } finally {
    await client.close().catch(() => {});
  }
}

interface RequestOptions {
  timeout: number;
  signal?: AbortSignal;
}

async function ask<T>(
  client: Client,
  request: RequestOptions,
  method: string,
  params: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  let answer: unknown;
  try {
    answer = await client.request({ method, params }, z.unknown(), request);
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw requestFailure(method, error, request);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new McpImportError(`the server's answer to ${method} is not of the expected shape`);
  }
  return parsed.data;
}

/** The skill's folder address (its SKILL.md URI without `/SKILL.md`) and its name. */
function skillRoot(entry: SkillEntry): { root: string; name: string } {
  if (!entry.uri.endsWith("/SKILL.md")) {
    throw new McpImportError(`${entry.uri} does not name a SKILL.md`);
  }
  const root = entry.uri.slice(0, -"/SKILL.md".length);
  const name = root.slice(root.lastIndexOf("/") + 1);
  if (name !== entry.frontmatter.name) {
    throw new McpImportError(
      `${entry.uri}: the folder is "${name}" but the front matter names "${entry.frontmatter.name}"`,
    );
  }
  return { root, name };
}

/** Each listed file's path inside the skill, checked: inside the folder, once, SKILL.md among them. */
function filePaths(entry: SkillEntry, files: readonly McpSkillFile[]): string[] {
  const { root } = skillRoot(entry);
  const paths = files.map((file) => {
    const path = file.uri.startsWith(`${root}/`) ? file.uri.slice(root.length + 1) : "";
    const segments = path.split("/");
    if (!path || segments.some((s) => s === "" || s === "." || s === "..")) {
      throw new McpImportError(`${file.uri} is not a file inside the skill's folder ${root}`);
    }
    return path;
  });
  if (new Set(paths).size !== paths.length) {
    throw new McpImportError(`${entry.uri}: a file is listed twice`);
  }
  if (!paths.includes("SKILL.md")) {
    throw new McpImportError(`${entry.uri}: the manifest does not list SKILL.md itself`);
  }
  return paths;
}

/** Why an entry cannot be installed before anything is downloaded, or undefined. */
function refusal(entry: SkillEntry): string | undefined {
  if (entry.resources === "dynamic") {
    return "served as dynamic content with no digests, which Skillbox does not install";
  }
  try {
    filePaths(entry, entry.resources);
  } catch (error) {
    return describe(error);
  }
  return importLimitProblem(
    "the skill",
    entry.resources.map((file) => ({ name: file.uri, size: file.size })),
  );
}

/**
 * The skills a server lists, each with why it cannot be installed where that is known from the
 * listing alone (a malformed entry, no digests, past the import limits).
 */
export function listMcpSkills(
  server: string,
  options: McpImportOptions = {},
): Promise<McpSkillListing[]> {
  return withServer(server, options, async (client, request) => {
    const listings: McpSkillListing[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const answer = await ask(
        client,
        request,
        "skills/list",
        cursor ? { cursor } : {},
        listAnswer,
      );
      for (const raw of answer.skills) listings.push(listingOf(raw));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return listings;
  });
}

function listingOf(raw: unknown): McpSkillListing {
  const parsed = skillEntry.safeParse(raw);
  if (!parsed.success) {
    const uri = (raw as { uri?: unknown } | null)?.uri;
    return {
      uri: typeof uri === "string" ? uri : "(no uri)",
      name: typeof uri === "string" ? uri : "(unnamed)",
      description: "",
      files: 0,
      bytes: 0,
      problem: `the server's entry is malformed: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
    };
  }
  const entry = parsed.data;
  const files = entry.resources === "dynamic" ? [] : entry.resources;
  const problem = refusal(entry);
  return {
    uri: entry.uri,
    name: entry.frontmatter.name,
    description: entry.frontmatter.description,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    ...(problem ? { problem } : {}),
  };
}

async function currentEntry(client: Client, request: RequestOptions, uri: string) {
  const { skill } = await ask(client, request, "skills/get", { uri }, getAnswer);
  const parsed = skillEntry.safeParse(skill);
  if (!parsed.success) {
    throw new McpImportError(`the server's entry for ${uri} is malformed`);
  }
  if (parsed.data.uri !== uri) {
    throw new McpImportError(`asked for ${uri}, the server answered for ${parsed.data.uri}`);
  }
  return parsed.data;
}

const readAnswer = z.looseObject({
  contents: z.array(
    z.looseObject({ uri: z.string(), text: z.string().optional(), blob: z.string().optional() }),
  ),
});

/** One file's bytes, refused unless their size and digest are the manifest's. */
async function readVerified(
  client: Client,
  request: RequestOptions,
  file: McpSkillFile,
): Promise<Uint8Array> {
  const { contents } = await ask(
    client,
    request,
    "resources/read",
    { uri: file.uri },
    readAnswer,
  ).catch((error: unknown) => {
    if (request.signal?.aborted) throw error;
    throw new McpImportError(`${file.uri} could not be read: ${describe(error)}`);
  });
  const content = contents.find((c) => c.uri === file.uri);
  if (!content) throw new McpImportError(`the server's answer for ${file.uri} holds no such file`);
  const bytes =
    content.text !== undefined
      ? new TextEncoder().encode(content.text)
      : decodeBase64(content.blob ?? "");
  if (bytes.byteLength !== file.size) {
    throw new McpImportError(
      `${file.uri} is ${bytes.byteLength} bytes, but the server's manifest says ${file.size}`,
    );
  }
  const digest = `sha256:${bytesToHex(sha256(bytes))}`;
  if (digest !== file.digest) {
    throw new McpImportError(
      `${file.uri} does not match its digest: the manifest says ${file.digest}, the content is ${digest}`,
    );
  }
  return bytes;
}

/** Deep equality of JSON-like values, key order ignored. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) =>
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** The spec's front matter check: what the listing showed is what the files say. */
function checkFrontMatter(entry: SkillEntry, skillFile: Uint8Array): void {
  const split = splitFrontMatter(new TextDecoder().decode(skillFile));
  let written: unknown;
  try {
    written = split ? parseYaml(split.yaml) : undefined;
  } catch {
    written = undefined;
  }
  if (!sameValue(written, entry.frontmatter)) {
    throw new McpImportError(
      `${entry.uri}: the SKILL.md front matter differs from the one the server's manifest gives`,
    );
  }
}

/**
 * One skill of a server as an import source: its current entry is asked for, every file is read
 * and checked against the entry's size and sha256 digest, and SKILL.md's front matter against the
 * entry's, before anything is returned; the origin (server, skill URI, digests) goes with it.
 */
export function mcpSkillSource(
  server: string,
  uri: string,
  options: McpImportOptions = {},
): Promise<ImportSource> {
  return withServer(server, options, async (client, request) => {
    const entry = await currentEntry(client, request, uri);
    const problem = refusal(entry);
    if (problem || entry.resources === "dynamic") {
      throw new McpImportError(`${uri} cannot be installed: ${problem}`);
    }
    const files = entry.resources;
    const paths = filePaths(entry, files);
    const contents = await fewAtATime(files, (file) => readVerified(client, request, file));
    checkFrontMatter(entry, contents[paths.indexOf("SKILL.md")]!);
    const { name } = skillRoot(entry);
    const entries: BundleEntry[] = paths.map((path, index) => ({
      path: `${name}/${path}`,
      data: contents[index]!,
    }));
    const origin: McpOrigin = {
      kind: "mcp",
      server: new URL(server.trim()).href,
      uri,
      files: files.map(({ uri, digest, size }) => ({ uri, digest, size })),
    };
    return { kind: "files", entries, origin };
  });
}

/**
 * Whether the server now serves the skill with other files than the installed version holds: one
 * `skills/get`, no download.
 */
export function mcpSkillChanged(
  origin: McpOrigin,
  options: McpImportOptions = {},
): Promise<boolean> {
  return withServer(origin.server, options, async (client, request) => {
    const entry = await currentEntry(client, request, origin.uri);
    if (entry.resources === "dynamic") return true;
    const key = (files: readonly McpSkillFile[]) =>
      files
        .map((file) => `${file.uri} ${file.digest}`)
        .sort()
        .join("\n");
    return key(entry.resources) !== key(origin.files);
  });
}
