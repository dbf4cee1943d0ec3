import {
  type BundleProblem,
  BundleValidationError,
  type DirectoryHandle,
  directoryHandleSource,
  dropSource,
  folderSource,
  formatProblem,
  type ImportSource,
  type Skillbox,
  zipSource,
} from "../index";
import { h } from "./dom";
import { renderMarkdown } from "./markdown";

const MB = 1024 * 1024;

function downloadZip(name: string, base64: string): void {
  const link = h("a", { href: `data:application/zip;base64,${base64}`, download: `${name}.zip` });
  link.click();
}

/**
 * The skill library: import (folder, drop, zip, base64), the list with Bound/Active toggles,
 * each skill's versions, files and instructions, export, and the output files' storage.
 */
export function libraryPanel(skillbox: Skillbox, onChange: () => void): HTMLElement {
  const list = h("ul", { id: "skill-list", className: "skill-list" });
  const details = h("section", {
    id: "skill-details",
    className: "skill-details",
    "aria-live": "polite",
  });
  const progress = h("progress", { id: "import-progress", max: 1, value: 0, hidden: true });
  const importStatus = h("p", { id: "import-status", className: "status" });
  const errors = h("ul", { id: "import-errors", className: "errors" });
  const storage = h("p", { id: "output-storage" });
  const strictBox = h("input", { type: "checkbox", id: "publish-check" });
  const problemItems = (problems: readonly (BundleProblem | string)[]) =>
    problems.map((p) => h("li", {}, typeof p === "string" ? p : formatProblem(p)));

  const refreshStorage = async () => {
    const stats = await skillbox.outputFiles();
    storage.textContent = `Output files: ${stats.files} file${stats.files === 1 ? "" : "s"}, ${(stats.bytes / MB).toFixed(1)} MB of ${(stats.capBytes / MB).toFixed(0)} MB (the oldest are removed first past the cap).`;
  };

  const runImport = async (read: () => Promise<ImportSource>) => {
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
      onChange();
    } catch (error) {
      importStatus.textContent = "Nothing was installed:";
      errors.replaceChildren(
        ...problemItems(
          error instanceof BundleValidationError
            ? error.problems
            : [String((error as Error).message ?? error)],
        ),
      );
    } finally {
      progress.hidden = true;
    }
  };

  const zipInput = h("input", { type: "file", id: "import-zip", accept: ".zip,application/zip" });
  zipInput.addEventListener("change", () => {
    const file = zipInput.files?.[0];
    if (file) void runImport(() => zipSource(file)).then(() => (zipInput.value = ""));
  });
  const folderInput = h("input", { type: "file", id: "import-folder", multiple: true });
  folderInput.setAttribute("webkitdirectory", "");
  folderInput.addEventListener("change", () => {
    const files = [...(folderInput.files ?? [])];
    if (files.length > 0)
      void runImport(() => folderSource(files)).then(() => (folderInput.value = ""));
  });
  const picker = (window as { showDirectoryPicker?: () => Promise<DirectoryHandle> })
    .showDirectoryPicker;
  const pickButton = picker
    ? h(
        "button",
        {
          type: "button",
          onclick: () => void runImport(async () => directoryHandleSource(await picker())),
        },
        "Pick a folder…",
      )
    : null;
  const base64Input = h("textarea", {
    id: "import-base64",
    rows: 2,
    placeholder: "Paste a base64 zip",
  });
  const base64Button = h(
    "button",
    {
      type: "button",
      id: "import-base64-button",
      onclick: () =>
        void runImport(async () => {
          const bytes = Uint8Array.from(
            atob(base64Input.value.replace(/^data:[^,]*,/, "").replace(/\s+/g, "")),
            (c) => c.charCodeAt(0),
          );
          return { kind: "zip", bytes };
        }),
    },
    "Install pasted zip",
  );

  const showDetails = async (name: string, version?: number) => {
    const skill = await skillbox.getSkill(name, version);
    const summary = (await skillbox.listSkills()).find((s) => s.name === name);
    if (!skill || !summary) {
      details.replaceChildren();
      return;
    }
    const { declared } = await skillbox.pythonPackages(name, skill.version);
    const versionRows = summary.versions.map((v) =>
      h(
        "li",
        {},
        `Version ${v}${v === summary.defaultVersion ? " (default)" : ""}${v === summary.latestVersion ? " (latest)" : ""} `,
        h("button", { type: "button", onclick: () => void showDetails(name, v) }, "View"),
        v === summary.defaultVersion
          ? null
          : h(
              "button",
              {
                type: "button",
                onclick: () =>
                  void skillbox.setDefaultVersion(name, v).then(() => refreshAndShow(name)),
              },
              "Make default",
            ),
        v === summary.defaultVersion && summary.versions.length > 1
          ? null
          : h(
              "button",
              {
                type: "button",
                onclick: () =>
                  void skillbox.deleteVersion(name, v).then(() => refreshAndShow(name)),
              },
              "Delete",
            ),
        h(
          "button",
          {
            type: "button",
            onclick: () =>
              void skillbox.exportSkill(name, v).then((zip) => downloadZip(`${name}-v${v}`, zip)),
          },
          "Export .zip",
        ),
      ),
    );
    details.replaceChildren(
      h("h3", {}, `${name} — version ${skill.version}`),
      ...(skill.warnings.length > 0
        ? [
            h("h4", {}, "Install warnings"),
            h("ul", { className: "warnings" }, ...problemItems(skill.warnings)),
          ]
        : []),
      h("ul", { className: "versions" }, ...versionRows),
      ...(declared.length > 0
        ? [
            h("h4", {}, "Python packages"),
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
      h(
        "button",
        {
          type: "button",
          onclick: () => void skillbox.deleteSkill(name).then(() => refreshAndShow(null)),
        },
        "Delete skill (all versions)",
      ),
      h("h4", {}, "Files"),
      h(
        "ul",
        { className: "files" },
        ...[...skill.files].map(([path, data]) =>
          h("li", {}, `${path} (${data.byteLength} bytes)`),
        ),
      ),
      h("h4", {}, "Instructions"),
      renderMarkdown(skill.instructions),
    );
  };

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
            () => void skillbox.updateProfile(skill.name, { [key]: box.checked }).then(onChange),
          );
          return h("label", { className: "toggle" }, box, label);
        };
        return h(
          "li",
          { "data-skill": skill.name },
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
          h("p", {}, skill.description),
          h(
            "span",
            {},
            `versions ${skill.versions.join(", ")} · default ${skill.defaultVersion} · latest ${skill.latestVersion} `,
          ),
          toggle("Bound", "bound"),
          toggle("Active", "active"),
          h("button", { type: "button", onclick: () => void showDetails(skill.name) }, "Details"),
        );
      }),
    );
    await refreshStorage();
  };
  const refreshAndShow = async (name: string | null) => {
    await refresh();
    onChange();
    if (name && (await skillbox.listSkills()).some((s) => s.name === name)) await showDetails(name);
    else details.replaceChildren();
  };

  const panel = h(
    "section",
    { className: "panel", id: "library" },
    h("h2", {}, "Skill library"),
    h("p", {}, "Drop a skill folder or a .zip anywhere on this panel, or:"),
    h("label", {}, "Upload a .zip", zipInput),
    h("label", {}, "Pick a folder (upload)", folderInput),
    pickButton,
    h("label", {}, "Inline base64 zip", base64Input),
    base64Button,
    h(
      "label",
      { title: "Refuse skills with any warning, as a publishing author would want" },
      strictBox,
      "Publish check (strict: warnings refuse the install)",
    ),
    progress,
    importStatus,
    errors,
    list,
    details,
    storage,
    h(
      "button",
      {
        type: "button",
        id: "clear-output",
        onclick: () => void skillbox.clearOutputFiles().then(refreshStorage),
      },
      "Clear output files",
    ),
  );
  panel.addEventListener("dragover", (event) => event.preventDefault());
  panel.addEventListener("drop", (event) => {
    event.preventDefault();
    if (event.dataTransfer) {
      const transfer = event.dataTransfer;
      const source = dropSource(transfer);
      void runImport(() => source);
    }
  });
  void skillbox.ready.then(refresh);
  return panel;
}
