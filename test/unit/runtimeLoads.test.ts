import { describe, expect, test } from "vitest";
import { describeRuntime } from "../../app/statusLine";
import { RuntimeLoads } from "../../src/sandbox/host/runtimeLoads";

describe("runtime load states", () => {
  test("a runtime's files add up to one progress; ready clears it", () => {
    const loads = new RuntimeLoads();
    loads.progress("python", "pyodide.wasm", 1_048_576, 8_388_608);
    loads.progress("python", "module:worker", 1_048_576, 2_097_152);
    expect(loads.snapshot().python).toEqual({
      state: "loading",
      loadedBytes: 2_097_152,
      totalBytes: 10_485_760,
    });
    expect(describeRuntime(loads.snapshot().python)).toBe("loading 20% of 10.0 MB");
    loads.set("python", { state: "ready" });
    expect(describeRuntime(loads.snapshot().python)).toBe("ready");
    expect(describeRuntime(loads.snapshot().python, true)).toBe("starting");
  });

  test("an unknown size shows megabytes so far; failures and lazy runtimes say so", () => {
    const loads = new RuntimeLoads();
    loads.progress("shell", "a", 3_145_728, 4_000_000);
    loads.progress("shell", "b", 1_048_576, null);
    expect(describeRuntime(loads.snapshot().shell)).toBe("loading 4.0 MB");
    loads.set("javascript", { state: "waiting" });
    expect(describeRuntime(loads.snapshot().javascript)).toBe("loads on first run");
    loads.set("shell", { state: "unavailable", reason: "could not load x: HTTP 404" });
    expect(describeRuntime(loads.snapshot().shell)).toBe("unavailable: could not load x: HTTP 404");
  });
});
