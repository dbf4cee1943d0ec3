import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ImportSource } from "../../src/library/fileImport";
import {
  type ForgeEndpoints,
  parseRepositoryFolderUrl,
  RepositoryImportError,
  repositoryFolderSource,
} from "../../src/library/repositoryImport";
import { type StandInForge, startStandInForge } from "../helpers/standInForge";

const SKILL_MD =
  "---\nname: pdf-tools\ndescription: Works with PDFs.\n---\nUse scripts/split.py.\n";

let forge: StandInForge;
let endpoints: ForgeEndpoints;
beforeAll(async () => {
  forge = await startStandInForge({
    "acme/skills": {
      defaultBranch: "main",
      branches: {
        main: {
          "README.md": "# skills\n",
          "skills/pdf-tools/SKILL.md": SKILL_MD,
          "skills/pdf-tools/scripts/split.py": "print('split')\n",
          "skills/other/SKILL.md": "---\nname: other\ndescription: Other.\n---\n",
        },
        "release/v2": {
          "skills/pdf-tools/SKILL.md": SKILL_MD.replace("Works", "Still works"),
        },
      },
      links: { "skills/pdf-tools/latest": "scripts/split.py" },
    },
    "acme/crowded": {
      defaultBranch: "main",
      branches: {
        main: Object.fromEntries(
          Array.from({ length: 501 }, (_, i) => [`big/file${i}.txt`, "x"] as const),
        ),
      },
    },
    "acme/one-skill": {
      defaultBranch: "trunk",
      branches: { trunk: { "SKILL.md": "---\nname: one-skill\ndescription: One.\n---\n" } },
    },
  });
  endpoints = { api: forge.api, raw: forge.raw };
});
afterAll(async () => {
  await forge?.close();
});

const text = (source: ImportSource) =>
  source.kind === "files"
    ? Object.fromEntries(source.entries.map((e) => [e.path, new TextDecoder().decode(e.data)]))
    : {};

describe("parseRepositoryFolderUrl", () => {
  test("a folder, a SKILL.md link and a bare repository", () => {
    expect(parseRepositoryFolderUrl("https://github.com/acme/skills/tree/main/skills/x")).toEqual({
      owner: "acme",
      repository: "skills",
      segments: ["main", "skills", "x"],
    });
    expect(
      parseRepositoryFolderUrl("https://github.com/acme/skills/blob/main/skills/x/SKILL.md"),
    ).toEqual({ owner: "acme", repository: "skills", segments: ["main", "skills", "x"] });
    expect(parseRepositoryFolderUrl(" https://github.com/acme/one-skill.git ")).toEqual({
      owner: "acme",
      repository: "one-skill",
      segments: [],
    });
  });

  test.each([
    ["not an address", /is not a web address/],
    [
      "https://gitlab.com/acme/skills/-/tree/main/x",
      /only folders on github\.com.*gitlab\.com.*\.zip/,
    ],
    ["http://github.com/acme/skills", /only folders on github\.com/],
    ["https://github.com/acme", /names no repository/],
    ["https://github.com/acme/skills/pulls/3", /not a folder of the repository/],
    ["https://github.com/acme/skills/tree/main/a%2F..%2Fb", /may not contain/],
    ["https://github.com/acme/skills/tree/main/%2e%2e%2fx", /may not contain/],
  ])("%s is refused, saying why", (address, message) => {
    expect(() => parseRepositoryFolderUrl(address)).toThrow(message);
  });
});

describe("repositoryFolderSource against a stand-in forge", () => {
  test("downloads just the folder, at the commit its branch names, skipping links", async () => {
    const source = await repositoryFolderSource(
      "https://github.com/acme/skills/tree/main/skills/pdf-tools",
      { forge: endpoints },
    );
    expect(text(source)).toEqual({
      "pdf-tools/SKILL.md": SKILL_MD,
      "pdf-tools/scripts/split.py": "print('split')\n",
    });
    expect(source.kind === "files" && source.origin).toEqual({
      kind: "repository",
      url: "https://github.com/acme/skills/tree/main/skills/pdf-tools",
      commit: forge.commitOf("acme/skills", "main"),
    });
    expect(forge.requests.filter((path) => path.startsWith("/raw/"))).toHaveLength(2);
  });

  test("a branch with a slash, and a repository whose root is the skill", async () => {
    const release = await repositoryFolderSource(
      "https://github.com/acme/skills/tree/release/v2/skills/pdf-tools",
      { forge: endpoints },
    );
    expect(text(release)["pdf-tools/SKILL.md"]).toContain("Still works");
    const root = await repositoryFolderSource("https://github.com/acme/one-skill", {
      forge: endpoints,
    });
    expect(Object.keys(text(root))).toEqual(["one-skill/SKILL.md"]);
    expect(root.kind === "files" && root.origin).toMatchObject({
      commit: forge.commitOf("acme/one-skill", "trunk"),
    });
  });

  test.each([
    ["https://github.com/acme/missing", /no such public repository/],
    [
      "https://github.com/acme/skills/tree/nope/skills/pdf-tools",
      /no branch, tag or commit "nope"/,
    ],
    ["https://github.com/acme/skills/tree/main/skills/absent", /no folder "skills\/absent"/],
  ])("%s: a clear error", async (address, message) => {
    const refused = repositoryFolderSource(address, { forge: endpoints });
    await expect(refused).rejects.toThrow(RepositoryImportError);
    await expect(refused).rejects.toThrow(message);
  });

  test("a folder past the import limits is refused before any file is downloaded", async () => {
    const before = forge.requests.length;
    await expect(
      repositoryFolderSource("https://github.com/acme/crowded/tree/main/big", { forge: endpoints }),
    ).rejects.toThrow(/501 files .* past the import limits \(500 files/);
    expect(forge.requests.slice(before).filter((path) => path.startsWith("/raw/"))).toEqual([]);
  });

  test("an answer of the wrong shape (a commit id that is a path) is refused", async () => {
    const liar = createServer((_, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ sha: "../../../elsewhere", default_branch: "main" }));
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
    try {
      await expect(
        repositoryFolderSource("https://github.com/acme/skills/tree/main/x", {
          forge: { api: base, raw: base },
        }),
      ).rejects.toThrow(/not of the expected shape/);
    } finally {
      await new Promise((resolve) => liar.close(resolve));
    }
  });

  test("a forge that cannot be reached is named, with the zip route", async () => {
    await expect(
      repositoryFolderSource("https://github.com/acme/skills", {
        forge: { api: "http://127.0.0.1:9", raw: "http://127.0.0.1:9" },
      }),
    ).rejects.toThrow(/could not be reached.*\.zip/);
  });
});
