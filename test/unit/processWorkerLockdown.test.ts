import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import {
  DENY_GLOBALS_SOURCE,
  PROCESS_WORKER_DENIED,
} from "../../src/sandbox/processWorkerBootstrap";

/** A worker-like global: own names, and names inherited from prototypes as WorkerGlobalScope's are. */
function scopeWithInheritedGlobals(): Record<string, unknown> {
  const inherited = { fetch: () => "network", indexedDB: {}, importScripts: () => {} };
  const scope = Object.create(Object.create(inherited)) as Record<string, unknown>;
  scope.WebSocket = class {};
  scope.postMessage = () => {};
  return scope;
}

describe("the lockdown of a Wasmer process's worker", () => {
  test("removes each denied name, own or inherited, and keeps the rest", () => {
    const scope = scopeWithInheritedGlobals();
    runInNewContext(`${DENY_GLOBALS_SOURCE}\ndenyGlobals(scope, names);`, {
      scope,
      names: PROCESS_WORKER_DENIED,
    });
    for (const name of ["fetch", "indexedDB", "importScripts", "WebSocket"]) {
      expect(name in scope, name).toBe(false);
    }
    expect(typeof scope.postMessage).toBe("function");
  });

  test("fails loudly when a name cannot be removed, rather than leaving it", () => {
    const scope = scopeWithInheritedGlobals();
    Object.defineProperty(scope, "caches", { value: {}, configurable: false });
    expect(() =>
      runInNewContext(`${DENY_GLOBALS_SOURCE}\ndenyGlobals(scope, ["caches"]);`, { scope }),
    ).toThrow("the sandbox could not remove caches");
  });

  test("denies every way out to the network, storage and other contexts", () => {
    expect(PROCESS_WORKER_DENIED).toEqual(
      expect.arrayContaining(["fetch", "XMLHttpRequest", "WebSocket", "indexedDB", "caches"]),
    );
    expect(PROCESS_WORKER_DENIED).toEqual(
      expect.arrayContaining([
        "BroadcastChannel",
        "importScripts",
        "EventSource",
        "WebTransport",
        "eval",
      ]),
    );
  });
});
