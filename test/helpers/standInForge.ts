import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One repository of the stand-in forge: its branches, each naming a commit's files. */
export interface StandInRepository {
  defaultBranch: string;
  /** Branch name (slashes allowed) → the files of its commit, path → contents. */
  branches: Record<string, Record<string, string>>;
  /** Paths that are symbolic links in the tree (mode 120000), path → target. */
  links?: Record<string, string>;
}

export interface StandInForge {
  /** Base of the API (`/repos/…`) and of raw files (`/raw/OWNER/REPO/COMMIT/PATH`). */
  api: string;
  raw: string;
  /** Paths requested so far, in order. */
  requests: string[];
  /** The commit a branch names now. */
  commitOf(repository: string, branch: string): string;
  /** Points a branch at a new commit with these files, as a push would. */
  push(repository: string, branch: string, files: Record<string, string>): void;
  close(): Promise<void>;
}

const commitId = (repository: string, branch: string, files: Record<string, string>) =>
  createHash("sha1")
    .update(`${repository}@${branch}:${JSON.stringify(files)}`)
    .digest("hex");

/**
 * GitHub's API and raw file host as far as a folder import reads them (repository, commit by
 * reference, recursive tree, raw file), served from memory on 127.0.0.1.
 */
export async function startStandInForge(
  repositories: Record<string, StandInRepository>,
): Promise<StandInForge> {
  const requests: string[] = [];
  const byCommit = new Map<string, { repository: string; files: Record<string, string> }>();
  const heads = new Map<string, string>();
  const push = (repository: string, branch: string, files: Record<string, string>) => {
    const commit = commitId(repository, branch, files);
    byCommit.set(commit, { repository, files });
    heads.set(`${repository}@${branch}`, commit);
    repositories[repository]!.branches[branch] = files;
  };
  for (const [repository, { branches }] of Object.entries(repositories)) {
    for (const [branch, files] of Object.entries(branches)) push(repository, branch, files);
  }
  const commitOf = (repository: string, branch: string) => heads.get(`${repository}@${branch}`)!;
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      "Content-Type": "application/json",
      "Access-Control-Allow-Origin": "*",
    });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://forge");
    const path = decodeURIComponent(url.pathname);
    requests.push(path);
    const raw = /^\/raw\/([^/]+\/[^/]+)\/([0-9a-f]{40})\/(.+)$/.exec(path);
    if (raw) {
      const content = byCommit.get(raw[2]!)?.files[raw[3]!];
      if (content === undefined || byCommit.get(raw[2]!)?.repository !== raw[1]) {
        response.writeHead(404, { "Access-Control-Allow-Origin": "*" }).end("404: Not Found");
        return;
      }
      response.writeHead(200, { "Access-Control-Allow-Origin": "*" });
      response.end(content);
      return;
    }
    const api = /^\/repos\/([^/]+\/[^/]+)(?:\/(commits|git\/trees)\/(.+))?$/.exec(path);
    const repository = api ? repositories[api[1]!] : undefined;
    if (!api || !repository) return json(response, 404, { message: "Not Found" });
    const [, name, kind, reference] = api;
    if (!kind) return json(response, 200, { default_branch: repository.defaultBranch });
    if (kind === "commits") {
      const known = reference! in repository.branches;
      return known
        ? json(response, 200, { sha: commitOf(name!, reference!) })
        : json(response, 422, { message: "No commit found for SHA" });
    }
    const commit = byCommit.get(reference!);
    if (!commit || commit.repository !== name) return json(response, 404, { message: "Not Found" });
    const tree = Object.entries(commit.files).map(([file, content]) => ({
      path: file,
      type: "blob",
      mode: "100644",
      size: Buffer.byteLength(content),
    }));
    for (const [link, target] of Object.entries(repository.links ?? {})) {
      tree.push({ path: link, type: "blob", mode: "120000", size: target.length });
    }
    return json(response, 200, { tree, truncated: false });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    api: base,
    raw: `${base}/raw`,
    requests,
    commitOf,
    push,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
