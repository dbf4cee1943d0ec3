import type { Skillbox } from "../api/skillbox";
import type { OutputChunk } from "../sandbox/runtime";
import type { RunScriptResult } from "../tools/resultShaping";
import type { ToolResult } from "../tools/skillTools";
import { h } from "./dom";
import { showOutputFiles } from "./outputFiles";
import { type SkillScripts, skillScripts } from "./skillScripts";

/** One finished run: the call and the contract JSON it returned. */
export interface RunRecord {
  skill_name: string;
  script_path: string;
  args: string[];
  result: ToolResult;
}

export interface RunConsoleOptions {
  /** The only skill offered (the runner element's `skill`); every installed skill when null. */
  onlySkill?: () => string | null;
  /** The time limit of every run; the deployment's default when undefined. */
  timeLimitMs?: number;
  /** Offers a field to set the time limit (starting at 30 s) instead. */
  limitField?: boolean;
  onResult?: (record: RunRecord) => void;
}

export interface RunConsole {
  element: HTMLElement;
  /** Re-reads the installed skills (after an import, say). */
  refresh(): Promise<void>;
  /** Selects a skill (and a script), fills in its first example arguments, focuses Run. */
  choose(skill: string, script?: string): Promise<void>;
}

/** Past this many characters the streamed view stops growing; the result keeps its own cap. */
const MAX_SHOWN_CHARS = 200_000;
const DEFAULT_LIMIT_S = 30;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The output pane: chunks appended as they arrive, stderr marked, capped. */
function outputPane() {
  const pre = h("pre", {
    id: "run-output",
    part: "output",
    className: "output",
    role: "log",
    "aria-label": "Output",
    tabIndex: 0,
  });
  let shown = 0;
  const streamed = { stdout: "", stderr: "" };
  const append = (stream: "stdout" | "stderr", text: string) => {
    if (text === "") return;
    const room = MAX_SHOWN_CHARS - shown;
    if (room <= 0) return;
    const part =
      text.length > room ? `${text.slice(0, room)}\n… (more output in the result)` : text;
    shown += part.length;
    const atEnd = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - 4;
    pre.append(stream === "stderr" ? h("span", { className: "stderr" }, part) : part);
    if (atEnd) pre.scrollTop = pre.scrollHeight;
  };
  return {
    element: pre,
    clear() {
      pre.replaceChildren();
      shown = 0;
      streamed.stdout = "";
      streamed.stderr = "";
    },
    chunk({ stream, text }: OutputChunk) {
      streamed[stream] += text;
      append(stream, text);
    },
    /**
     * The result is what counts: the streamed view stays only if it says the same. A run that
     * succeeds has no stderr in its result (CONTRACT), so what it streamed there is kept.
     */
    settle(result: RunScriptResult) {
      const stderr = result.stderr ?? streamed.stderr;
      if (streamed.stdout === result.stdout && streamed.stderr === stderr) return;
      pre.replaceChildren();
      shown = 0;
      append("stdout", result.stdout);
      const separator = result.stdout === "" || result.stdout.endsWith("\n") ? "" : "\n";
      if (stderr) append("stderr", separator + stderr);
    },
  };
}

function outcomeText(result: ToolResult, elapsedMs: number, limitMs: number | undefined): string {
  if ("error" in result) return `Refused: ${result.error}`;
  if (!("exit_code" in result)) return "Done.";
  const files = plural(result.files.length, "file");
  if (result.timed_out) {
    return `Timed out: stopped at the time limit${limitMs ? ` of ${seconds(limitMs)}` : ""} (exit code ${result.exit_code}), ${files}.`;
  }
  if (result.exit_code === 130 && result.sandbox_notes?.some((note) => /cancel/i.test(note))) {
    return `Stopped after ${seconds(elapsedMs)} (exit code 130), ${files}.`;
  }
  return `Exit code ${result.exit_code} after ${seconds(elapsedMs)}, ${files}.`;
}

/**
 * The run console the app and `<skillbox-runner>` share: pick a skill's script (its example
 * arguments offered), run it, watch stdout and stderr arrive, stop it, and open the files it
 * wrote in a preview.
 */
export function runConsole(skillbox: Skillbox, options: RunConsoleOptions = {}): RunConsole {
  const skillSelect = h("select", { id: "run-skill", part: "skill", name: "skill" });
  const scriptSelect = h("select", { id: "run-script", part: "script", name: "script" });
  const exampleSelect = h("select", { id: "run-example", part: "example", name: "example" });
  const exampleField = h("label", { className: "field", hidden: true }, "Example", exampleSelect);
  const argsInput = h("textarea", {
    id: "run-args",
    part: "args",
    name: "args",
    rows: 3,
    placeholder: "One argument per line, passed literally",
  });
  const limitInput = options.limitField
    ? h("input", {
        id: "run-limit",
        name: "limit",
        type: "number",
        min: 1,
        max: 600,
        value: String(DEFAULT_LIMIT_S),
      })
    : null;
  const runButton = h(
    "button",
    { type: "submit", id: "run-button", part: "run", disabled: true },
    "Run",
  );
  const stopButton = h(
    "button",
    { type: "button", id: "run-stop", part: "stop", className: "secondary", disabled: true },
    "Stop",
  );
  const status = h(
    "p",
    { id: "run-status", part: "status", role: "status", className: "run-status" },
    "Starting the sandbox…",
  );
  // Its own element, out of the live region: a screen reader hears the outcome, not each tick.
  const clock = h("span", { id: "run-clock", className: "muted", "aria-hidden": "true" });
  const output = outputPane();
  const notes = h("ul", { className: "notes", hidden: true });
  const files = h("ul", {
    id: "run-files",
    part: "files",
    className: "file-list",
    "aria-label": "Files the script wrote",
  });
  const preview = h("div", { id: "run-preview", part: "preview" });
  const raw = h("pre", { id: "run-result", className: "output" });
  const rawDetails = h(
    "details",
    { className: "raw", hidden: true },
    h("summary", {}, "Result as the agent gets it (JSON)"),
    raw,
  );

  let scripts: SkillScripts = { scripts: [], examples: new Map() };
  let running: AbortController | null = null;
  let outcomeShown = false;

  const showExamples = () => {
    const examples = scripts.examples.get(scriptSelect.value) ?? [];
    exampleSelect.replaceChildren(
      ...examples.map((args, index) =>
        h(
          "option",
          { value: String(index) },
          args.length === 0 ? "(no arguments)" : args.join(" "),
        ),
      ),
    );
    exampleField.hidden = examples.length === 0;
    argsInput.value = (examples[0] ?? []).join("\n");
  };
  let listing = 0;
  /** Lists the skill's scripts; `keep` holds on to the script and arguments still valid. */
  const showScripts = async (keep = false) => {
    const ticket = ++listing;
    const found = skillSelect.value
      ? await skillScripts(skillbox, skillSelect.value)
      : { scripts: [], examples: new Map() };
    // A later listing (another skill chosen meanwhile) supersedes this one.
    if (ticket !== listing) return;
    // Read now, not before the wait: what the person chose meanwhile is what to keep.
    const previous = {
      script: scriptSelect.value,
      example: exampleSelect.value,
      args: argsInput.value,
    };
    scripts = found;
    scriptSelect.replaceChildren(
      ...scripts.scripts.map((path) => h("option", { value: path }, path)),
    );
    runButton.disabled = running !== null || scripts.scripts.length === 0;
    const kept = keep && scripts.scripts.includes(previous.script);
    if (kept) scriptSelect.value = previous.script;
    showExamples();
    if (kept) {
      exampleSelect.value = previous.example;
      argsInput.value = previous.args;
    }
  };
  const refresh = async () => {
    const wanted = options.onlySkill?.() ?? null;
    const names = (await skillbox.listSkills()).map((skill) => skill.name);
    const shown = wanted === null ? names : names.filter((name) => name === wanted);
    const previous = skillSelect.value;
    skillSelect.replaceChildren(...shown.map((name) => h("option", { value: name }, name)));
    if (shown.includes(previous)) skillSelect.value = previous;
    skillSelect.disabled = shown.length <= 1;
    // A run's outcome stays until the next run, unless there is nothing left to run.
    if (shown.length === 0) outcomeShown = false;
    if (!running && !outcomeShown) {
      status.textContent =
        shown.length > 0
          ? "Ready."
          : wanted === null
            ? "No skill is installed."
            : `The skill "${wanted}" is not installed.`;
    }
    // A new version of the same skill may have other scripts: re-read them, keeping the choice.
    await showScripts(skillSelect.value === previous);
  };
  skillSelect.addEventListener("change", () => void showScripts());
  scriptSelect.addEventListener("change", showExamples);
  exampleSelect.addEventListener("change", () => {
    const examples = scripts.examples.get(scriptSelect.value) ?? [];
    argsInput.value = (examples[Number(exampleSelect.value)] ?? []).join("\n");
  });

  const run = async () => {
    const call = {
      skill_name: skillSelect.value,
      script_path: scriptSelect.value,
      args: argsInput.value === "" ? [] : argsInput.value.split("\n"),
    };
    const limitMs = limitInput ? Number(limitInput.value) * 1000 : options.timeLimitMs;
    const controller = new AbortController();
    running = controller;
    runButton.disabled = true;
    stopButton.disabled = false;
    output.clear();
    files.replaceChildren();
    preview.replaceChildren();
    notes.hidden = true;
    rawDetails.hidden = true;
    status.className = "run-status";
    status.textContent = `Running ${call.script_path}…`;
    const started = performance.now();
    const tick = () => {
      clock.textContent = `${seconds(performance.now() - started)}${limitMs ? ` of ${seconds(limitMs)}` : ""}`;
    };
    tick();
    const ticker = setInterval(tick, 100);
    try {
      const result = await skillbox.callTool("run_skill_script", call, {
        ...(limitMs ? { timeLimitMs: limitMs } : {}),
        signal: controller.signal,
        onOutput: (chunk) => {
          if (running === controller) output.chunk(chunk);
        },
      });
      const elapsed = performance.now() - started;
      status.textContent = outcomeText(result, elapsed, limitMs);
      outcomeShown = true;
      const succeeded = "exit_code" in result && result.exit_code === 0;
      status.classList.add(succeeded ? "ok" : "failed");
      if ("exit_code" in result) {
        output.settle(result);
        notes.replaceChildren(...(result.sandbox_notes ?? []).map((note) => h("li", {}, note)));
        notes.hidden = !result.sandbox_notes?.length;
        showOutputFiles(skillbox, result.files, files, preview, { openFirst: true });
      }
      raw.textContent = JSON.stringify(result, null, 2);
      rawDetails.hidden = false;
      options.onResult?.({ ...call, result });
    } finally {
      clearInterval(ticker);
      tick();
      running = null;
      runButton.disabled = scripts.scripts.length === 0;
      stopButton.disabled = true;
    }
  };
  stopButton.addEventListener("click", () => running?.abort());

  const form = h(
    "form",
    {
      className: "console-form",
      part: "form",
      "aria-label": "Run a skill script",
      onsubmit: (event: Event) => {
        event.preventDefault();
        void run();
      },
    },
    h("label", { className: "field" }, "Skill", skillSelect),
    h("label", { className: "field" }, "Script", scriptSelect),
    h("div", { className: "wide" }, exampleField),
    h("label", { className: "field wide" }, "Arguments", argsInput),
    h(
      "div",
      { className: "row wide" },
      limitInput ? h("label", { className: "toggle" }, "Time limit (s)", limitInput) : null,
      runButton,
      stopButton,
      clock,
    ),
  );
  const element = h(
    "div",
    { className: "console", id: "run-console" },
    form,
    status,
    output.element,
    notes,
    files,
    preview,
    rawDetails,
  );
  return {
    element,
    refresh,
    async choose(skill, script) {
      await refresh();
      if (![...skillSelect.options].some((option) => option.value === skill)) return;
      if (skillSelect.value !== skill) {
        skillSelect.value = skill;
        await showScripts();
      }
      if (script && scripts.scripts.includes(script)) {
        scriptSelect.value = script;
        showExamples();
      }
      runButton.focus();
    },
  };
}
