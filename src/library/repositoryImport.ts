import type { BundleEntry } from "../skills/bundle";
import { importLimitProblem } from "../skills/limits";
import type { RepositoryOrigin } from "../skills/storage";
import { z } from "../zod.ts";
import { fewAtATime } from "./fewAtATime";
import type { ImportSource } from "./fileImport";

/** A folder of a public GitHub repository, as its web address names it. */
export interface RepositoryFolder {
  owner: string;
  repository: string;
  /**
   * The path segments after `tree/` or `blob/`: a branch, tag or commit, then the folder. A branch
   * may itself contain slashes, so where the reference ends is found by asking the forge.
   */
  segments: string[];
}

/** Where the forge answers: GitHub's API and its raw file host (a test serves stand-ins). */
export interface ForgeEndpoints {
  api: string;
  raw: string;
}

export const GITHUB: ForgeEndpoints = {
  api: "https://api.github.com",
  raw: "https://raw.githubusercontent.com",
};

/** Why an address or a download cannot become a skill; the message says what to do instead. */
export class RepositoryImportError extends Error {
  override readonly name = "RepositoryImportError";
}

const ZIP_INSTEAD = "download the folder as a .zip and import that";
const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * Reads `https://github.com/OWNER/REPO`, `…/tree/REF/FOLDER` or `…/blob/REF/FOLDER/SKILL.md`.
 * Other forges are refused by name: their archives and APIs cannot be read from a page.
 */
export function parseRepositoryFolderUrl(address: string): RepositoryFolder {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new RepositoryImportError(`"${address}" is not a web address`);
  }
  if (url.protocol !== "https:" || url.hostname !== "github.com") {
    throw new RepositoryImportError(
      `only folders on github.com can be imported by address (https://github.com/OWNER/REPO/tree/BRANCH/FOLDER); for ${url.hostname || "this address"}, ${ZIP_INSTEAD}`,
    );
  }
  const parts = url.pathname
    .split("/")
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  const [owner, name, kind, ...rest] = parts;
  const repository = name?.replace(/\.git$/, "");
  if (!owner || !repository || !NAME.test(owner) || !NAME.test(repository)) {
    throw new RepositoryImportError(
      "the address names no repository: expected https://github.com/OWNER/REPO/tree/BRANCH/FOLDER",
    );
  }
  if (kind === undefined) return { owner, repository, segments: [] };
  if ((kind !== "tree" && kind !== "blob") || rest.length === 0) {
    throw new RepositoryImportError(
      "the address is not a folder of the repository: expected …/tree/BRANCH/FOLDER",
    );
  }
  // A link to the skill's SKILL.md means its folder.
  if (kind === "blob" && rest.at(-1) === "SKILL.md") rest.pop();
  // The URL parser already removed plain dot segments; encoded ones arrive decoded here.
  if (rest.some((segment) => segment === "." || segment === ".." || segment.includes("/"))) {
    throw new RepositoryImportError("the folder's path may not contain ., .. or an encoded /");
  }
  return { owner, repository, segments: rest };
}

/** GitHub's answers, as far as an import reads them; anything else is refused as malformed. */
const repositoryAnswer = z.object({ default_branch: z.string().min(1) });
const commitAnswer = z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) });
const treeAnswer = z.object({
  truncated: z.boolean(),
  tree: z.array(
    z.object({
      path: z.string(),
      type: z.string(),
      mode: z.string(),
      size: z.number().int().nonnegative().optional(),
    }),
  ),
});

async function forgeJson<T>(
  url: string,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T | undefined> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/vnd.github+json" },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RepositoryImportError(`GitHub could not be reached (${url}); ${ZIP_INSTEAD}`);
  }
  if (response.status === 404 || response.status === 422) return undefined;
  if (response.status === 403 || response.status === 429) {
    throw new RepositoryImportError(
      `GitHub refused the request (HTTP ${response.status}: without signing in, its API answers 60 requests an hour); try again later, or ${ZIP_INSTEAD}`,
    );
  }
  if (!response.ok) {
    throw new RepositoryImportError(`GitHub answered HTTP ${response.status} for ${url}`);
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new RepositoryImportError(`GitHub's answer for ${url} is not of the expected shape`);
  }
  return parsed.data;
}

/** The commit a reference names, and how many of the segments the reference took. */
async function resolveReference(
  base: string,
  name: string,
  segments: readonly string[],
  signal?: AbortSignal,
): Promise<{ commit: string; used: number }> {
  let candidates = segments;
  if (candidates.length === 0) {
    const repository = await forgeJson(base, repositoryAnswer, signal);
    if (!repository) throw new RepositoryImportError(`${name}: no such public repository`);
    candidates = [repository.default_branch];
  }
  // A branch name may contain slashes: the reference is the shortest run of leading segments
  // that names a commit (at most five tried), the rest is the folder.
  for (let used = 1; used <= Math.min(candidates.length, 5); used++) {
    const reference = candidates.slice(0, used).map(encodeURIComponent).join("/");
    const found = await forgeJson(`${base}/commits/${reference}`, commitAnswer, signal);
    if (found) return { commit: found.sha, used: segments.length === 0 ? 0 : used };
  }
  throw new RepositoryImportError(
    `no branch, tag or commit "${candidates[0]}" in ${name} (or the repository is not public)`,
  );
}

/** Where an address points: the repository's API base, the commit its reference names, the folder. */
async function resolveFolder(address: string, forge: ForgeEndpoints, signal?: AbortSignal) {
  const { owner, repository, segments } = parseRepositoryFolderUrl(address);
  const base = `${forge.api}/repos/${owner}/${repository}`;
  const { commit, used } = await resolveReference(base, `${owner}/${repository}`, segments, signal);
  return { owner, repository, base, commit, folder: segments.slice(used).join("/") };
}

/**
 * The commit a folder's address names now: one or two API requests, no download. An imported
 * version whose origin names another commit has an update.
 */
export async function repositoryFolderCommit(
  address: string,
  { forge = GITHUB, signal }: { forge?: ForgeEndpoints; signal?: AbortSignal } = {},
): Promise<string> {
  return (await resolveFolder(address, forge, signal)).commit;
}

/**
 * The files of one folder of a public GitHub repository, pinned to the commit its address named
 * then: an import source like a picked folder, with its origin kept. Sizes are checked against
 * the import limits before anything is downloaded.
 */
export async function repositoryFolderSource(
  address: string,
  { forge = GITHUB, signal }: { forge?: ForgeEndpoints; signal?: AbortSignal } = {},
): Promise<ImportSource> {
  const { owner, repository, base, commit, folder } = await resolveFolder(address, forge, signal);
  const tree = await forgeJson(`${base}/git/trees/${commit}?recursive=1`, treeAnswer, signal);
  if (!tree) throw new RepositoryImportError(`the tree of commit ${commit} could not be read`);
  const prefix = folder ? `${folder}/` : "";
  // Links (mode 120000) and submodules are not files a skill can ship.
  const files = tree.tree.filter(
    (entry) => entry.type === "blob" && entry.mode !== "120000" && entry.path.startsWith(prefix),
  );
  if (files.length === 0) {
    throw new RepositoryImportError(
      tree.truncated
        ? `the repository is too large for GitHub to list in one answer; ${ZIP_INSTEAD}`
        : `no folder "${folder}" at commit ${commit.slice(0, 7)}`,
    );
  }
  const tooMuch = importLimitProblem(
    "the folder",
    files.map((file) => ({ name: file.path, size: file.size ?? 0 })),
  );
  if (tooMuch) throw new RepositoryImportError(tooMuch);
  const top = folder ? folder.slice(folder.lastIndexOf("/") + 1) : repository;
  const entries = await fewAtATime(files, async (file): Promise<BundleEntry> => {
    const path = file.path.split("/").map(encodeURIComponent).join("/");
    const url = `${forge.raw}/${owner}/${repository}/${commit}/${path}`;
    const response = await fetch(url, signal ? { signal } : {});
    if (!response.ok) {
      throw new RepositoryImportError(`${file.path}: HTTP ${response.status} from ${url}`);
    }
    return {
      path: `${top}/${file.path.slice(prefix.length)}`,
      data: new Uint8Array(await response.arrayBuffer()),
    };
  });
  const origin: RepositoryOrigin = { kind: "repository", url: address.trim(), commit };
  return { kind: "files", entries, origin };
}
