import {
  chatPanel,
  createSkillbox,
  type DeploymentConfig,
  h,
  hasServiceWorkers,
  loadDeploymentConfig,
  pythonPackagesOf,
  runConsole,
  type Skillbox,
  skillboxStyleSheet,
  startOfflineSupport,
  styleSheetOf,
} from "../src/index";
import appStyles from "./app.css?inline";
import { loadDemoSkills } from "./demoSkills";
import { libraryPanel } from "./libraryPanel";
import { runApprovalDialog } from "./runApproval";
import { megabytes, statusLine } from "./statusLine";

declare global {
  interface Window {
    skillbox: Skillbox;
  }
}

/** Builds the app in `#app` and starts its Skillbox. */
export async function startApp(): Promise<void> {
  // The app's own rules come after the library's, so they win where both style an element.
  document.adoptedStyleSheets = [skillboxStyleSheet(), styleSheetOf(appStyles)];
  // A deployment's settings file that cannot be read stops the start with its message.
  const config: DeploymentConfig | Error = await loadDeploymentConfig().catch(
    (error: Error) => error,
  );
  const approval = runApprovalDialog();
  const skillbox = createSkillbox({
    // The demo skills are what an empty library starts with.
    skills: loadDemoSkills,
    ...(config instanceof Error
      ? {}
      : {
          limits: config.limits ?? {},
          ...(config.scripts ? { scripts: config.scripts } : {}),
          approveScriptRun: approval.approve,
          python: pythonPackagesOf(config),
          ...(config.shell ? { shell: config.shell } : {}),
          ...(config.sandbox ? { frameUrl: config.sandbox.frameUrl } : {}),
        }),
  });
  window.skillbox = skillbox;

  const offline = h("p", { id: "offline-status", className: "status", role: "status" });
  const update = h("p", { id: "update-banner", className: "update", hidden: true });

  /** The demo a visitor without a model is offered first: it writes a CSV to look at. */
  const DEMO = { skill: "csv-insights", script: "scripts/summarize.py" } as const;

  const started = config instanceof Error ? Promise.reject(config) : skillbox.ready;
  started.then(
    async () => {
      // Registered once the sandbox is up, so precaching never competes with the first result.
      const support = await startOfflineSupport({
        onProgress(loaded, total) {
          offline.textContent = `Saving for offline use: ${megabytes(loaded)} of ${megabytes(total)} MB`;
        },
        onCached(missing) {
          offline.textContent =
            missing.length === 0
              ? "Available offline."
              : `Not available offline (could not be saved): ${missing.join(", ")}`;
        },
        onUpdateReady(reload) {
          update.replaceChildren(
            "A new version is ready — ",
            h("button", { type: "button", onclick: reload }, "Reload"),
          );
          update.hidden = false;
        },
      }).catch(() => null);
      if (!hasServiceWorkers()) {
        offline.textContent =
          "Not available offline: this browser offers this page no service workers.";
        return;
      }
      const saved = await support?.status();
      if (saved?.complete) offline.textContent = "Available offline.";
      else if (saved) offline.textContent = `Not available offline: ${saved.missing.join(", ")}`;
    },
    () => {},
  );

  /** Which pane shows: all side by side when wide, one at a time (as tabs) when narrow. */
  type Pane = "library" | "chat" | "console";
  const workspace = h("main", { className: "workspace", id: "workspace" });
  const tabs = new Map<Pane, HTMLButtonElement>();
  const show = (pane: Pane) => {
    workspace.dataset.view = pane;
    if (pane === "console") workspace.dataset.console = "open";
    for (const [name, tab] of tabs) tab.setAttribute("aria-pressed", String(name === pane));
  };
  const closeConsole = () => {
    workspace.dataset.console = "closed";
    show("chat");
    tabs.get("console")?.focus();
  };

  const status = statusLine(skillbox, started);
  const runner = runConsole(skillbox, { limitField: true, onResult: status.wake });
  const openConsole = (skill: string, script?: string) => {
    show("console");
    void runner.choose(skill, script);
  };
  const chat = chatPanel(skillbox, { tryDemo: () => openConsole(DEMO.skill, DEMO.script) });
  const library = libraryPanel(skillbox, { run: (skill) => openConsole(skill) });
  // Every change to the library or the profile, made here or through the API, reaches each pane.
  skillbox.subscribe(() => {
    for (const panel of [chat, library.element]) panel.dispatchEvent(new Event("library-changed"));
    void runner.refresh();
  });

  const tab = (pane: Pane, label: string) => {
    const button = h(
      "button",
      {
        type: "button",
        className: `tab secondary tab-${pane}`,
        "aria-controls": `${pane}-pane`,
        onclick: () =>
          pane === "console" &&
          workspace.dataset.console === "open" &&
          workspace.dataset.view === "console"
            ? closeConsole()
            : show(pane),
      },
      label,
    );
    tabs.set(pane, button);
    return button;
  };

  workspace.append(
    h(
      "aside",
      { className: "pane", id: "library-pane", "aria-label": "Skill library" },
      library.element,
    ),
    h("div", { className: "pane", id: "chat-pane" }, chat),
    h(
      "section",
      { className: "pane", id: "console-pane", "aria-labelledby": "console-title" },
      h(
        "div",
        { className: "row spread" },
        h("h2", { id: "console-title" }, "Run console"),
        h("button", { type: "button", className: "secondary", onclick: closeConsole }, "Close"),
      ),
      runner.element,
    ),
  );

  const app = document.getElementById("app")!;
  app.append(
    h(
      "header",
      { className: "topbar" },
      h("h1", {}, "Skillbox"),
      h(
        "nav",
        { className: "tabs", "aria-label": "Views" },
        tab("library", "Library"),
        tab("chat", "Chat"),
        tab("console", "Run console"),
      ),
      h("div", { className: "status-area" }, status.sentence, status.runtimes, offline, update),
    ),
    workspace,
    approval.dialog,
  );
  show("chat");
  workspace.dataset.console = "closed";

  // A skill dropped anywhere on the page is imported.
  document.addEventListener("dragover", (event) => {
    event.preventDefault();
    app.classList.add("dropping");
  });
  document.addEventListener("dragleave", (event) => {
    if (event.relatedTarget === null) app.classList.remove("dropping");
  });
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    app.classList.remove("dropping");
    if (event.dataTransfer) {
      show("library");
      library.importDrop(event.dataTransfer);
    }
  });
  void skillbox.ready.then(() => runner.refresh());
  // Where the browser offers WebMCP, the page's own agent gets the skill tools too.
  void skillbox.ready.then(() => skillbox.tools.registerWebMcp());
}
