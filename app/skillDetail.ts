import {
  codeView,
  filePreview,
  formatProblem,
  h,
  type ImportSource,
  markdownView,
  repositoryFolderCommit,
  repositoryFolderSource,
  type Skillbox,
  type SkillOrigin,
  type SkillVersion,
} from "../src/index";
import { loadMcp } from "./mcpClient";

function downloadZip(name: string, base64: string): void {
  const link = h("a", { href: `data:application/zip;base64,${base64}`, download: `${name}.zip` });
  link.click();
}

interface Folder {
  folders: Map<string, Folder>;
  files: string[];
}

function folderTree(paths: Iterable<string>): Folder {
  const root: Folder = { folders: new Map(), files: [] };
  for (const path of paths) {
    const parts = path.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(path);
  }
  return root;
}

/** SKILL.md as it reads (its instructions rendered), with its source a click away. */
function skillMdView(skill: SkillVersion, bytes: Uint8Array): HTMLElement {
  return h(
    "section",
    { className: "preview", "aria-label": "Preview of SKILL.md" },
    h("strong", {}, "SKILL.md"),
    h("div", { className: "preview-body", tabIndex: 0 }, markdownView(skill.instructions)),
    h(
      "details",
      { className: "raw" },
      h("summary", {}, "Source"),
      codeView(new TextDecoder().decode(bytes), "markdown"),
    ),
  );
}

/**
 * A skill's detail, in a modal dialog: versions (default, latest, warnings, export), the Python
 * packages it declares, its file tree, and each file readable — code highlighted, SKILL.md
 * rendered, data as a table.
 */
export function skillDetailDialog(skillbox: Skillbox) {
  const dialog = h("dialog", { id: "skill-detail", className: "skill-detail" });
  dialog.setAttribute("aria-labelledby", "skill-detail-title");

  const button = (label: string, onclick: () => void, className = "secondary") =>
    h("button", { type: "button", className, onclick }, label);

  const show = async (name: string, version?: number): Promise<void> => {
    const [skill, summary] = await Promise.all([
      skillbox.getSkill(name, version),
      skillbox.listSkills().then((skills) => skills.find((s) => s.name === name)),
    ]);
    if (!skill || !summary) {
      dialog.close();
      return;
    }
    const { declared } = await skillbox.pythonPackages(name, skill.version);
    const changed = (next: number | undefined) => show(name, next);
    const versionRows = summary.versions.map((v) =>
      h(
        "li",
        { className: v === skill.version ? "current" : "" },
        h(
          "span",
          {},
          `Version ${v}`,
          v === summary.defaultVersion ? " · default" : "",
          v === summary.latestVersion ? " · latest" : "",
        ),
        v === skill.version ? null : button("View", () => void show(name, v)),
        v === summary.defaultVersion
          ? null
          : button(
              "Make default",
              () => void skillbox.setDefaultVersion(name, v).then(() => changed(v)),
            ),
        v === summary.defaultVersion && summary.versions.length > 1
          ? null
          : button(
              "Delete",
              () => void skillbox.deleteVersion(name, v).then(() => changed(undefined)),
            ),
        button(
          "Export .zip",
          () => void skillbox.exportSkill(name, v).then((zip) => downloadZip(`${name}-v${v}`, zip)),
        ),
      ),
    );

    const fileView = h("div", { className: "file-view" });
    const open = (path: string) => {
      const bytes = skill.files.get(path)!;
      for (const item of tree.querySelectorAll("button[data-path]")) {
        item.setAttribute("aria-current", String(item.getAttribute("data-path") === path));
      }
      fileView.replaceChildren(
        path === "SKILL.md" ? skillMdView(skill, bytes) : filePreview(path, bytes),
      );
    };
    const folderView = (folder: Folder): HTMLElement =>
      h(
        "ul",
        {},
        ...[...folder.folders].map(([name, inner]) =>
          h(
            "li",
            {},
            h("details", { open: true }, h("summary", {}, `${name}/`), folderView(inner)),
          ),
        ),
        ...folder.files.map((path) =>
          h(
            "li",
            {},
            h(
              "button",
              { type: "button", className: "link", "data-path": path, onclick: () => open(path) },
              path.slice(path.lastIndexOf("/") + 1),
            ),
          ),
        ),
      );
    const tree = h(
      "nav",
      { className: "file-tree", "aria-label": "Files" },
      folderView(folderTree([...skill.files.keys()].sort())),
    );

    /** Installs what the origin serves now as a new version, and the default: what checking asked for. */
    const installUpdate = async (source: Promise<ImportSource>) => {
      const installed = await skillbox.importSkill(await source);
      await skillbox.setDefaultVersion(name, installed.version);
      await show(name, installed.version);
    };

    /** Where the version came from, and a check there for a newer one. */
    const originView = (origin: SkillOrigin) => {
      const status = h("span", { className: "update-status", role: "status" });
      const check = async () => {
        status.textContent = "Checking…";
        try {
          if (origin.kind === "mcp") {
            const mcp = await loadMcp();
            if (!(await mcp.mcpSkillChanged(origin))) status.textContent = "Up to date.";
            else await installUpdate(mcp.mcpSkillSource(origin.server, origin.uri));
          } else if ((await repositoryFolderCommit(origin.url)) === origin.commit) {
            status.textContent = "Up to date.";
          } else await installUpdate(repositoryFolderSource(origin.url));
        } catch (error) {
          status.textContent = (error as Error).message;
        }
      };
      const where =
        origin.kind === "mcp"
          ? [`Installed from the MCP server ${origin.server} as ${origin.uri} `]
          : [
              "Imported from ",
              h("a", { href: origin.url, rel: "noreferrer", target: "_blank" }, origin.url),
              ` at commit ${origin.commit.slice(0, 12)} `,
            ];
      return h(
        "p",
        { className: "muted origin" },
        ...where,
        button("Check for updates", () => void check()),
        " ",
        status,
      );
    };

    dialog.replaceChildren(
      h(
        "header",
        { className: "row" },
        h("h2", { id: "skill-detail-title" }, `${name} — version ${skill.version}`),
        button("Close", () => dialog.close()),
      ),
      h("p", {}, skill.manifest.description),
      ...(skill.manifest.compatibility
        ? [h("p", { className: "muted" }, `Compatibility: ${skill.manifest.compatibility}`)]
        : []),
      ...(skill.origin ? [originView(skill.origin)] : []),
      ...(skill.warnings.length > 0
        ? [
            h("h3", {}, "Install warnings"),
            h(
              "ul",
              { className: "warnings" },
              ...skill.warnings.map((problem) => h("li", {}, formatProblem(problem))),
            ),
          ]
        : []),
      h("h3", {}, "Versions"),
      h("ul", { className: "versions" }, ...versionRows),
      ...(declared.length > 0
        ? [
            h("h3", {}, "Python packages"),
            h(
              "ul",
              { className: "python-packages" },
              ...declared.map((item) =>
                h(
                  "li",
                  { className: item.available ? "available" : "missing" },
                  `${item.requirement} (${item.declaredIn}): `,
                  item.available
                    ? `available as ${item.available}`
                    : `not available: ${item.reason}`,
                ),
              ),
            ),
          ]
        : []),
      h("h3", {}, "Files"),
      h("div", { className: "file-browser" }, tree, fileView),
      h(
        "footer",
        { className: "row" },
        button(
          "Delete skill (all versions)",
          () => void skillbox.deleteSkill(name).then(() => dialog.close()),
        ),
      ),
    );
    if (skill.files.has("SKILL.md")) open("SKILL.md");
    if (!dialog.open) dialog.showModal();
  };
  return { element: dialog, show };
}
