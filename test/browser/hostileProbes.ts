import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Skillbox } from "../../src/index";
import type { RunScriptResult } from "../../src/tools/resultShaping";

/** The Python script that tries every escape route (fixtures/hostile_probe.py). */
export const PROBE = readFileSync(new URL("./fixtures/hostile_probe.py", import.meta.url), "utf8");
export const NETWORK_PROBES = [
  "js.fetch",
  "pyodide.http.pyfetch",
  "urllib",
  "socket",
  "sync XMLHttpRequest",
  "importScripts",
  "WebSocket",
  "EventSource",
  "FontFace.load",
  "constructor import()",
  "run_js fetch",
  "string setTimeout",
  "nested blob worker",
];
export const STORAGE_PROBES = ["indexedDB", "caches", "OPFS"];

/**
 * Every probe of the script's report was blocked. Where Python cannot block on a promise (no
 * JSPI) a probe that returned one stays "pending": only the listener's count can judge it.
 */
export function expectEveryProbeBlocked(probes: Record<string, string>, allowPending = false) {
  const verdict = allowPending ? /^(blocked: |pending$)/ : /^blocked: /;
  for (const name of [
    ...NETWORK_PROBES,
    ...STORAGE_PROBES,
    "BroadcastChannel",
    "postMessage forgery",
  ]) {
    expect(probes[name], name).toMatch(verdict);
  }
}

/**
 * Runs in the page (pass it to `evaluate`): installs the probe as a skill in the page's Skillbox
 * (`window.skillbox`, or the `<skillbox-runner>`'s) and runs it against the listener at `url`.
 */
export async function runProbeInPage([where, probe, url, tag]: readonly [
  "window" | "runner",
  string,
  string,
  string,
]): Promise<RunScriptResult> {
  const skillbox =
    where === "window"
      ? window.skillbox
      : (document.querySelector("skillbox-runner") as Element & { skillbox: Skillbox }).skillbox;
  await skillbox.ready;
  await skillbox.installSkill({
    files: {
      "hostile/SKILL.md": "---\nname: hostile\ndescription: Escape attempts.\n---\n",
      "hostile/scripts/probe.py": probe,
    },
  });
  return (await skillbox.callTool("run_skill_script", {
    skill_name: "hostile",
    script_path: "scripts/probe.py",
    args: [url, tag],
  })) as RunScriptResult;
}
