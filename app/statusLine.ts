import {
  h,
  type RuntimeLoadState,
  type SandboxStatus,
  type ScriptLanguage,
  type Skillbox,
} from "../src/index";

const RUNTIME_NAMES: Readonly<Record<ScriptLanguage, string>> = {
  python: "Python",
  javascript: "JavaScript",
  shell: "Shell",
};
const POLL_MS = 250;

/** Bytes as megabytes (MiB) with one decimal, as the status line shows sizes. */
export const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** One runtime's state in words: ready, loading with how far, waiting, or unavailable and why. */
export function describeRuntime(state: RuntimeLoadState | undefined, booting = false): string {
  switch (state?.state) {
    case undefined:
      return "loading";
    case "waiting":
      return "loads on first run";
    case "loading":
      return state.totalBytes
        ? `loading ${Math.floor((100 * state.loadedBytes) / state.totalBytes)}% of ${megabytes(state.totalBytes)} MB`
        : `loading ${megabytes(state.loadedBytes)} MB`;
    case "ready":
      return booting ? "starting" : "ready";
    case "unavailable":
      return `unavailable: ${state.reason}`;
  }
}

/** What this browser narrows, plainly. */
function limitsOf({ crossOriginIsolated, features }: SandboxStatus): string[] {
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
  return limits;
}

/**
 * The status line: each runtime's state (polled while any is on its way) and what the sandbox
 * runs on. `#status` holds the sentence tests and people read; the runtimes are a list beside it.
 */
export function statusLine(skillbox: Skillbox, started: Promise<void> = skillbox.ready) {
  const sentence = h("p", { id: "status", className: "status" }, "Starting the sandbox…");
  const runtimes = h("ul", {
    id: "runtime-states",
    className: "runtime-states",
    "aria-label": "Runtimes",
  });
  let status: SandboxStatus | undefined;
  /** Runtimes whose pool has had a worker ready: later boots are refills, not a start. */
  const warmed = new Set<ScriptLanguage>();
  const firstBoot = (language: ScriptLanguage) => {
    const pool = status?.pools[language];
    if (pool && pool.ready > 0) warmed.add(language);
    return status === undefined || (!warmed.has(language) && (pool?.booting ?? 0) > 0);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = async () => {
    const states = await skillbox.runtimeStates();
    const languages = status?.runtimes ?? (Object.keys(states) as ScriptLanguage[]);
    runtimes.replaceChildren(
      ...languages.map((language) => {
        const state = states[language];
        const text = describeRuntime(state, firstBoot(language));
        return h(
          "li",
          { className: `runtime ${state?.state ?? "loading"}`, "data-runtime": language },
          `${RUNTIME_NAMES[language]}: ${text}`,
        );
      }),
    );
    const settled = languages.every((language) => {
      const state = states[language]?.state;
      return (
        state === "waiting" ||
        state === "unavailable" ||
        (state === "ready" && !firstBoot(language))
      );
    });
    return settled && languages.length > 0;
  };
  let failed = false;
  const poll = async () => {
    timer = undefined;
    if (failed) return;
    if (status) status = await skillbox.status();
    if (!(await render())) timer = setTimeout(() => void poll(), POLL_MS);
  };
  /** Polls again (a run may have started a runtime that waited). */
  const wake = () => {
    if (timer === undefined && !failed) timer = setTimeout(() => void poll(), POLL_MS);
  };

  void poll();
  started.then(
    async () => {
      status = await skillbox.status();
      const shell =
        status.shellEngine === "wasmer" ? "a WASIX shell on Wasmer" : "the built-in shell";
      sentence.textContent = [
        `Ready. Scripts run in an isolated sandbox with no network; .sh on ${shell}.`,
        ...limitsOf(status),
      ].join(" ");
      wake();
    },
    (error: unknown) => {
      sentence.textContent = `The sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`;
      sentence.classList.add("error");
      failed = true;
    },
  );
  return { sentence, runtimes, wake };
}
