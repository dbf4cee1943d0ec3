import type { Skillbox } from "../api/createSkillbox";
import type { ToolResult } from "../tools/skillTools";
import { h } from "../ui/dom";
import { skillScripts } from "../ui/skillScripts";
import { ElementAttributeError } from "./elementOptions";
import { SkillboxElement } from "./skillboxElement";
import { elementStyleSheet } from "./styles";

/** Detail of `skillbox-result`: the call and the contract JSON it returned. */
export interface SkillboxResultDetail {
  skill_name: string;
  script_path: string;
  args: string[];
  result: ToolResult;
}

/** How one output file is offered: always as a download, never shown in this page. */
function downloadLink(skillbox: Skillbox, url: string): HTMLElement {
  const name = decodeURIComponent(url.split("/").pop() ?? "file");
  const link = h("a", { href: "#", download: name }, name);
  link.addEventListener(
    "click",
    async (event) => {
      event.preventDefault();
      const bytes = await skillbox.readOutputFile(url);
      if (!bytes) {
        link.replaceWith(`${name} (no longer kept)`);
        return;
      }
      // An untrusted script wrote these bytes: a download, never a document of this origin.
      const blob = new Blob([bytes as BlobPart], { type: "application/octet-stream" });
      link.href = URL.createObjectURL(blob);
      link.click();
    },
    { once: true },
  );
  return h("li", {}, link);
}

/**
 * `<skillbox-runner>`: one skill on a page. Pick a script, enter arguments (one per line), run
 * it, read its output and download the files it wrote. Attributes: `skill`, `time-limit`
 * (seconds), and those of every Skillbox element (README "Embedding").
 */
export class SkillboxRunnerElement extends SkillboxElement {
  static observedAttributes = ["skill"];
  private refresh: (() => Promise<void>) | undefined;

  attributeChangedCallback(): void {
    void this.refresh?.();
  }

  protected render(view: HTMLElement, skillbox: Skillbox): void {
    const limit = this.timeLimitMs();
    const skillSelect = h("select", { part: "skill", name: "skill" });
    const scriptSelect = h("select", { part: "script", name: "script" });
    const argsInput = h("textarea", {
      part: "args",
      name: "args",
      rows: 3,
      placeholder: "One argument per line, passed literally",
    });
    const runButton = h("button", { type: "submit", part: "run", disabled: true }, "Run");
    const status = h("p", { part: "status", role: "status" }, "Starting the sandbox…");
    const output = h("pre", { part: "output", "aria-label": "Output", tabIndex: 0 });
    const files = h("ul", { part: "files", "aria-label": "Files the script wrote" });

    const showScripts = async () => {
      const scripts = await skillScripts(skillbox, skillSelect.value);
      scriptSelect.replaceChildren(...scripts.map((path) => h("option", { value: path }, path)));
      runButton.disabled = scriptSelect.options.length === 0;
    };
    this.refresh = async () => {
      const wanted = this.getAttribute("skill");
      const names = (await skillbox.listSkills()).map((skill) => skill.name);
      const shown = wanted === null ? names : names.filter((name) => name === wanted);
      skillSelect.replaceChildren(...shown.map((name) => h("option", { value: name }, name)));
      skillSelect.disabled = shown.length <= 1;
      status.textContent =
        shown.length > 0
          ? "Ready."
          : wanted === null
            ? "No skill is installed."
            : `The skill "${wanted}" is not installed.`;
      await showScripts();
    };
    skillSelect.addEventListener("change", () => void showScripts());

    const run = async () => {
      const call = {
        skill_name: skillSelect.value,
        script_path: scriptSelect.value,
        args: argsInput.value === "" ? [] : argsInput.value.split("\n"),
      };
      runButton.disabled = true;
      output.textContent = "";
      files.replaceChildren();
      const started = performance.now();
      const ticker = setInterval(() => {
        status.textContent = `Running ${call.script_path}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
      }, 100);
      try {
        const result = await skillbox.callTool("run_skill_script", call, { timeLimitMs: limit });
        if ("error" in result) {
          status.textContent = `Refused: ${result.error}`;
        } else if ("exit_code" in result) {
          output.textContent = result.stdout + (result.stderr ? `\n${result.stderr}` : "");
          files.replaceChildren(...result.files.map((url) => downloadLink(skillbox, url)));
          status.textContent = result.timed_out
            ? `Stopped at the time limit after ${((performance.now() - started) / 1000).toFixed(1)} s.`
            : `Exit code ${result.exit_code}, ${result.files.length} file${result.files.length === 1 ? "" : "s"}.`;
        }
        this.dispatchEvent(
          new CustomEvent<SkillboxResultDetail>("skillbox-result", {
            detail: { ...call, result },
            bubbles: true,
            composed: true,
          }),
        );
      } finally {
        clearInterval(ticker);
        runButton.disabled = false;
      }
    };

    this.root.adoptedStyleSheets = [elementStyleSheet()];
    view.append(
      h(
        "form",
        {
          part: "form",
          "aria-label": "Run a skill script",
          onsubmit: (event: Event) => {
            event.preventDefault();
            void run().catch((error: unknown) => this.fail(error));
          },
        },
        h("label", {}, "Skill", skillSelect),
        h("label", {}, "Script", scriptSelect),
        h("label", {}, "Arguments", argsInput),
        runButton,
        status,
        output,
        files,
      ),
    );
  }

  protected started(skillbox: Skillbox): void {
    void this.refresh?.();
    skillbox.subscribe(() => void this.refresh?.());
  }

  private timeLimitMs(): number | undefined {
    const value = this.getAttribute("time-limit");
    if (value === null) return undefined;
    const seconds = Number(value);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new ElementAttributeError(
        `attribute "time-limit": ${JSON.stringify(value)} is not a positive number of seconds`,
      );
    }
    return Math.round(seconds * 1000);
  }
}
