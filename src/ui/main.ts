import { createSkillbox, type SkillboxApi } from "../app/skillbox";
import { chatPanel } from "./chatPanel";
import { h } from "./dom";
import { libraryPanel } from "./libraryPanel";
import { runPanel } from "./runPanel";

declare global {
  interface Window {
    skillbox: SkillboxApi;
  }
}

async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register("/sw.js", { type: "module", scope: "/" });
}

const skillbox = createSkillbox();
window.skillbox = skillbox;
void registerServiceWorker();

const status = h("p", { id: "status", className: "status" }, "Starting the sandbox…");
skillbox.ready.then(
  async () => {
    const { shellEngine } = await skillbox.status();
    const shell = shellEngine === "wasmer" ? "a WASIX shell on Wasmer" : "the built-in shell";
    status.textContent = `Ready. Scripts run in an isolated sandbox with no network; .sh on ${shell}.`;
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
    h("header", {}, h("h1", {}, "Skillbox"), status),
    chat,
    libraryPanel(skillbox, libraryChanged),
    run,
  );
// Where the browser offers WebMCP, the page's own agent gets the skill tools too.
void skillbox.ready.then(() => skillbox.registerWebMcp());
