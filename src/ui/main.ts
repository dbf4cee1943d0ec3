import { loadDemoSkills } from "../app/demoSkills";
import {
  type DeploymentConfig,
  loadDeploymentConfig,
  pythonPackagesOf,
} from "../app/deploymentConfig";
import { createSkillbox, type SandboxStatus, type Skillbox } from "../index";
import { startOfflineSupport } from "../offline/serviceWorkerClient";
import { hasServiceWorkers } from "../sandbox/features";
import { chatPanel } from "./chatPanel";
import { h } from "./dom";
import { libraryPanel } from "./libraryPanel";
import { runPanel } from "./runPanel";

declare global {
  interface Window {
    skillbox: Skillbox;
  }
}

// A deployment's settings file that cannot be read stops the start with its message.
const config: DeploymentConfig | Error = await loadDeploymentConfig().catch(
  (error: Error) => error,
);
const skillbox = createSkillbox({
  // The demo skills are what an empty library starts with.
  skills: loadDemoSkills,
  ...(config instanceof Error
    ? {}
    : {
        limits: config.limits ?? {},
        python: pythonPackagesOf(config),
        ...(config.shell ? { shell: config.shell } : {}),
        ...(config.sandbox ? { frameUrl: config.sandbox.frameUrl } : {}),
      }),
});
window.skillbox = skillbox;

const status = h("p", { id: "status", className: "status" }, "Starting the sandbox…");
const offline = h("p", { id: "offline-status", className: "status", role: "status" });
const update = h("p", { id: "update-banner", className: "update", hidden: true });

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The status line: what the sandbox runs on and, plainly, what this browser narrows. */
function describeSandbox({ shellEngine, crossOriginIsolated, features }: SandboxStatus): string {
  const shell = shellEngine === "wasmer" ? "a WASIX shell on Wasmer" : "the built-in shell";
  const limits: string[] = [];
  if (!features.sharedMemory) {
    const why = crossOriginIsolated
      ? "This browser has no SharedArrayBuffer"
      : "This page is not cross-origin isolated";
    limits.push(`${why}: a run past its time limit is stopped by ending its worker.`);
  }
  if (!features.jspi) {
    limits.push(
      "No WebAssembly stack switching (JSPI) here: Python scripts cannot block on coroutines (asyncio.run).",
    );
  }
  return [
    `Ready. Scripts run in an isolated sandbox with no network; .sh on ${shell}.`,
    ...limits,
  ].join(" ");
}

const started = config instanceof Error ? Promise.reject(config) : skillbox.ready;
started.then(
  async () => {
    status.textContent = describeSandbox(await skillbox.status());
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
  (error: unknown) => {
    status.textContent = `The sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`;
    status.classList.add("error");
  },
);

const run = runPanel(skillbox);
const chat = chatPanel(skillbox);
const libraryChanged = () => {
  for (const panel of [run, chat]) panel.dispatchEvent(new Event("library-changed"));
};
document
  .getElementById("app")!
  .append(
    h("header", {}, h("h1", {}, "Skillbox"), status, offline, update),
    chat,
    libraryPanel(skillbox, libraryChanged),
    run,
  );
// Where the browser offers WebMCP, the page's own agent gets the skill tools too.
void skillbox.ready.then(() => skillbox.tools.registerWebMcp());
