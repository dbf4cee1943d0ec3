import {
  type BundleProblem,
  BundleValidationError,
  type DirectoryHandle,
  directoryHandleSource,
  dropSource,
  folderSource,
  formatProblem,
  h,
  type ImportSource,
  repositoryFolderSource,
  type Skillbox,
  zipSource,
} from "../src/index";
import { loadMcp } from "./mcpClient";
import { skillDetailDialog } from "./skillDetail";

const MB = 1024 * 1024;

export interface LibraryPanelOptions {
  /** Opens a skill in the run console. */
  run: (skill: string) => void;
}

export interface LibraryPanel {
  element: HTMLElement;
  /** Imports what was dropped anywhere on the page. */
  importDrop(transfer: DataTransfer): void;
}

/** What a paste holds: SKILL.md text (a one-file skill) or a zip as base64. */
function pastedSource(text: string): ImportSource {
  const trimmed = text.trim();
  if (trimmed.startsWith("---")) {
    const name = /^name:\s*["']?([\w.-]+)/m.exec(trimmed)?.[1] ?? "pasted-skill";
    return {
      kind: "files",
      entries: [{ path: `${name}/SKILL.md`, data: new TextEncoder().encode(`${trimmed}\n`) }],
    };
  }
  const base64 = trimmed.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  return { kind: "zip", bytes: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)) };
}

interface FormDialogSpec {
  id: string;
  title: string;
  body: Node[];
  submit: { id: string; label: string };
  /** Runs when the form is sent; the dialog closes after it unless the event's default is prevented. */
  onSubmit: (event: Event) => void;
}

/** A modal form of the Add skill menu: a title, its fields, a submit button and Cancel. */
function formDialog({ id, title, body, submit, onSubmit }: FormDialogSpec): HTMLDialogElement {
  const dialog: HTMLDialogElement = h(
    "dialog",
    { id, "aria-labelledby": `${id}-title` },
    h(
      "form",
      { method: "dialog", className: "endpoint", onsubmit: onSubmit },
      h("h2", { id: `${id}-title` }, title),
      ...body,
      h(
        "div",
        { className: "row" },
        h("button", { type: "submit", id: submit.id }, submit.label),
        h(
          "button",
          { type: "button", className: "secondary", onclick: () => dialog.close() },
          "Cancel",
        ),
      ),
    ),
  );
  return dialog;
}

/**
 * "From an MCP server": lists the skills a server serves through the Skills extension, each with
 * its size and an Install button, or why it cannot be installed. The dialog stays open, so several
 * can be installed; each install's outcome is shown beside its skill.
 */
function mcpServerDialog(
  install: (server: string, uri: string) => Promise<string>,
): HTMLDialogElement {
  const serverInput = h("input", {
    type: "url",
    id: "mcp-url",
    placeholder: "https://example.com/mcp",
    required: true,
  });
  const status = h("p", { id: "mcp-status", className: "muted small", role: "status" });
  const skills = h("ul", { id: "mcp-skills", className: "mcp-skills" });
  const list = async (server: string) => {
    skills.replaceChildren();
    status.textContent = "Connecting…";
    try {
      const listed = await (await loadMcp()).listMcpSkills(server);
      status.textContent =
        listed.length === 0
          ? "The server lists no skills."
          : `${listed.length} skill${listed.length === 1 ? "" : "s"} on ${server}:`;
      skills.replaceChildren(
        ...listed.map((skill) =>
          h(
            "li",
            { "data-uri": skill.uri },
            h("strong", {}, skill.name),
            " ",
            h(
              "span",
              { className: "muted small" },
              `${skill.files} files, ${(skill.bytes / 1024).toFixed(1)} KB`,
            ),
            h("p", { className: "description" }, skill.description),
            skill.problem
              ? h("p", { className: "problem small" }, `Cannot be installed: ${skill.problem}`)
              : installButton(skill.name, () => install(server, skill.uri)),
          ),
        ),
      );
    } catch (error) {
      status.textContent = (error as Error).message;
    }
  };
  /** An Install button whose outcome ("Installed …", or why nothing was) appears after it. */
  const installButton = (name: string, run: () => Promise<string>) => {
    const outcome = h("span", { className: "outcome small", role: "status" });
    const button: HTMLButtonElement = h(
      "button",
      {
        type: "button",
        "aria-label": `Install ${name}`,
        onclick: () => {
          button.disabled = true;
          outcome.textContent = "Installing…";
          void run().then((text) => {
            outcome.textContent = text;
            button.disabled = false;
          });
        },
      },
      "Install",
    );
    return h("div", { className: "row" }, button, outcome);
  };
  const dialog = formDialog({
    id: "mcp-dialog",
    title: "Add a skill from an MCP server",
    submit: { id: "mcp-connect", label: "List skills" },
    onSubmit: (event) => {
      event.preventDefault();
      void list(serverInput.value.trim());
    },
    body: [
      h("label", { className: "field" }, "The server's address (Streamable HTTP)", serverInput),
      h(
        "p",
        { className: "muted small" },
        "The server must serve skills by the MCP Skills extension and allow this page's origin. Every file is checked against the digest the server lists before anything is installed; the skill's detail can check the server for a newer version.",
      ),
      status,
      skills,
    ],
  });
  return dialog;
}

/**
 * The skill library: one "Add skill" menu (folder, zip, paste) and drops anywhere, the skills
 * with their warnings and Bound/Active toggles, each skill's detail, and the output files' storage.
 */
export function libraryPanel(skillbox: Skillbox, options: LibraryPanelOptions): LibraryPanel {
  const list = h("ul", { id: "skill-list", className: "skill-list" });
  const progress = h("progress", { id: "import-progress", max: 1, value: 0, hidden: true });
  const importStatus = h("p", { id: "import-status", className: "muted", role: "status" });
  const errors = h("ul", { id: "import-errors", className: "errors" });
  const storage = h("p", { id: "output-storage", className: "muted" });
  const strictBox = h("input", { type: "checkbox", id: "publish-check" });
  const detail = skillDetailDialog(skillbox);
  const problemItems = (problems: readonly (BundleProblem | string)[]) =>
    problems.map((p) => h("li", {}, typeof p === "string" ? p : formatProblem(p)));

  const refreshStorage = async () => {
    const stats = await skillbox.outputFiles();
    storage.textContent = `Output files: ${stats.files} file${stats.files === 1 ? "" : "s"}, ${(stats.bytes / MB).toFixed(1)} MB of ${(stats.capBytes / MB).toFixed(0)} MB (the oldest are removed first past the cap).`;
  };

  /** Imports what `read` gives; the panel shows the outcome, and a one-line summary is returned. */
  const runImport = async (read: () => Promise<ImportSource>): Promise<string> => {
    errors.replaceChildren();
    importStatus.textContent = "Reading…";
    progress.hidden = false;
    progress.value = 0;
    const started = performance.now();
    try {
      const source = await read();
      const { name, version, warnings } = await skillbox.importSkill(
        source,
        ({ done, total }) => {
          progress.max = total;
          progress.value = done;
          importStatus.textContent = `Unpacking ${done} of ${total} files…`;
        },
        { strict: strictBox.checked },
      );
      importStatus.textContent = `Installed ${name} version ${version} in ${Math.round(performance.now() - started)} ms${warnings.length > 0 ? `, with ${warnings.length} warning${warnings.length === 1 ? "" : "s"}:` : "."}`;
      errors.replaceChildren(...problemItems(warnings));
      await refresh();
      return `Installed ${name} version ${version}.`;
    } catch (error) {
      importStatus.textContent = "Nothing was installed:";
      const problems =
        error instanceof BundleValidationError
          ? error.problems
          : [String((error as Error).message ?? error)];
      errors.replaceChildren(...problemItems(problems));
      return `Nothing was installed: ${problems.map((p) => (typeof p === "string" ? p : formatProblem(p))).join("; ")}`;
    } finally {
      progress.hidden = true;
    }
  };

  const zipInput = h("input", {
    type: "file",
    id: "import-zip",
    accept: ".zip,application/zip",
    hidden: true,
  });
  zipInput.addEventListener("change", () => {
    const file = zipInput.files?.[0];
    if (file) void runImport(() => zipSource(file)).then(() => (zipInput.value = ""));
  });
  const folderInput = h("input", {
    type: "file",
    id: "import-folder",
    multiple: true,
    hidden: true,
  });
  folderInput.setAttribute("webkitdirectory", "");
  folderInput.addEventListener("change", () => {
    const files = [...(folderInput.files ?? [])];
    if (files.length > 0)
      void runImport(() => folderSource(files)).then(() => (folderInput.value = ""));
  });
  const picker = (window as { showDirectoryPicker?: () => Promise<DirectoryHandle> })
    .showDirectoryPicker;

  const pasteInput = h("textarea", { id: "import-base64", rows: 8 });
  const pasteDialog = formDialog({
    id: "paste-dialog",
    title: "Paste a skill",
    submit: { id: "import-base64-button", label: "Install" },
    onSubmit: () => {
      const text = pasteInput.value;
      void runImport(async () => pastedSource(text)).then(() => (pasteInput.value = ""));
    },
    body: [
      h(
        "label",
        { className: "field" },
        "A SKILL.md (from its front matter on), or a .zip as base64",
        pasteInput,
      ),
    ],
  });

  const urlInput = h("input", {
    type: "url",
    id: "import-url",
    placeholder: "https://github.com/OWNER/REPO/tree/BRANCH/FOLDER",
    required: true,
  });
  const urlDialog = formDialog({
    id: "url-dialog",
    title: "Add a skill from GitHub",
    submit: { id: "import-url-button", label: "Install" },
    onSubmit: () => {
      const address = urlInput.value;
      void runImport(() => repositoryFolderSource(address)).then(() => (urlInput.value = ""));
    },
    body: [
      h(
        "label",
        { className: "field" },
        "The address of the skill's folder in a public repository",
        urlInput,
      ),
      h(
        "p",
        { className: "muted small" },
        "Its files are downloaded at the commit the address names, which the skill's detail shows.",
      ),
    ],
  });

  const mcpDialog = mcpServerDialog((server, uri) =>
    runImport(async () => (await loadMcp()).mcpSkillSource(server, uri)),
  );

  const menu = h("details", { className: "menu", id: "add-skill" });
  const menuItem = (label: string, action: () => void) =>
    h(
      "button",
      {
        type: "button",
        className: "secondary",
        onclick: () => {
          menu.open = false;
          action();
        },
      },
      label,
    );
  menu.append(
    h("summary", {}, "Add skill"),
    h(
      "div",
      { className: "menu-items" },
      menuItem("Folder…", () =>
        picker
          ? void runImport(async () => directoryHandleSource(await picker()))
          : folderInput.click(),
      ),
      menuItem("Zip file…", () => zipInput.click()),
      menuItem("Paste…", () => pasteDialog.showModal()),
      menuItem("From GitHub…", () => urlDialog.showModal()),
      menuItem("From an MCP server…", () => mcpDialog.showModal()),
    ),
  );

  const refresh = async () => {
    const [skills, profile] = await Promise.all([skillbox.listSkills(), skillbox.profile()]);
    const settings = new Map(profile.map((p) => [p.name, p]));
    list.replaceChildren(
      ...skills.map((skill) => {
        const setting = settings.get(skill.name);
        const toggle = (label: string, key: "bound" | "active") => {
          const box = h("input", {
            type: "checkbox",
            checked: setting?.[key] ?? true,
            name: `${key}-${skill.name}`,
          });
          box.addEventListener(
            "change",
            () => void skillbox.updateProfile(skill.name, { [key]: box.checked }),
          );
          return h("label", { className: "toggle" }, box, label);
        };
        return h(
          "li",
          { "data-skill": skill.name },
          h(
            "div",
            { className: "row" },
            h("strong", {}, skill.name),
            skill.warnings.length === 0
              ? h("span", { className: "badge" }, "valid")
              : h(
                  "span",
                  {
                    className: "badge warning",
                    title: skill.warnings.map(formatProblem).join("\n"),
                  },
                  `${skill.warnings.length} warning${skill.warnings.length === 1 ? "" : "s"}`,
                ),
          ),
          h("p", { className: "description" }, skill.description),
          h(
            "p",
            { className: "muted small" },
            `Version ${skill.defaultVersion}${skill.versions.length > 1 ? ` of ${skill.versions.length} (latest ${skill.latestVersion})` : ""}`,
          ),
          h("div", { className: "row" }, toggle("Bound", "bound"), toggle("Active", "active")),
          h(
            "div",
            { className: "row" },
            h(
              "button",
              {
                type: "button",
                className: "secondary",
                "aria-label": `Run ${skill.name}`,
                onclick: () => options.run(skill.name),
              },
              "Run",
            ),
            h(
              "button",
              {
                type: "button",
                className: "secondary",
                "aria-label": `Details of ${skill.name}`,
                onclick: () => void detail.show(skill.name),
              },
              "Details",
            ),
          ),
        );
      }),
    );
    await refreshStorage();
  };

  const element = h(
    "section",
    { className: "library", id: "library", "aria-labelledby": "library-title" },
    h("div", { className: "row spread" }, h("h2", { id: "library-title" }, "Skills"), menu),
    h("p", { className: "muted small" }, "Or drop a skill folder or .zip anywhere on the page."),
    h(
      "label",
      {
        className: "toggle small",
        title: "Refuse skills with any warning, as a publishing author would want",
      },
      strictBox,
      "Publish check (warnings refuse the install)",
    ),
    zipInput,
    folderInput,
    progress,
    importStatus,
    errors,
    list,
    h(
      "div",
      { className: "storage" },
      storage,
      h(
        "button",
        {
          type: "button",
          id: "clear-output",
          className: "secondary",
          onclick: () => void skillbox.clearOutputFiles().then(refreshStorage),
        },
        "Clear output files",
      ),
    ),
    pasteDialog,
    urlDialog,
    mcpDialog,
    detail.element,
  );
  void skillbox.ready.then(refresh);
  element.addEventListener("library-changed", () => void refresh());
  return {
    element,
    importDrop(transfer) {
      const source = dropSource(transfer);
      void runImport(() => source);
    },
  };
}
