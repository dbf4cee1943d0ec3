import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, test } from "vitest";
import { METERED_MEMORY_SOURCE } from "../../src/sandbox/processWorkerBootstrap";
import { ProcessMemoryMeter } from "../../workers/shell/processMemoryMeter";

const PAGE = 64 * 1024;
const NativeMemory = WebAssembly.Memory;
afterEach(() => {
  WebAssembly.Memory = NativeMemory;
});

describe("the Wasmer engine's memory meter", () => {
  test("counts each process's memories as they grow, and forgets a process that ended", () => {
    const meter = new ProcessMemoryMeter();
    const first = {};
    const second = {};
    const a = new WebAssembly.Memory({ initial: 2, maximum: 100, shared: true });
    const b = new WebAssembly.Memory({ initial: 3, maximum: 100, shared: true });
    meter.add(first, a);
    meter.add(second, b);
    expect(meter.bytes()).toBe(5 * PAGE);
    a.grow(10);
    expect(meter.bytes()).toBe(15 * PAGE);
    meter.forget(first);
    expect(meter.bytes()).toBe(3 * PAGE);
  });

  test("counts the memories this worker creates, which still pass as WebAssembly memories", () => {
    const meter = new ProcessMemoryMeter();
    meter.meterLocalMemories();
    const memory = new WebAssembly.Memory({ initial: 4 });
    expect(memory).toBeInstanceOf(NativeMemory);
    expect(meter.bytes()).toBe(4 * PAGE);
  });

  test("a process worker reports each memory it creates once its port has come, and only then", () => {
    const posted: unknown[] = [];
    const scope = { WebAssembly: { Memory: NativeMemory } };
    runInNewContext(`${METERED_MEMORY_SOURCE}\nself.take = takeMeterPort;`, {
      ...scope,
      self: scope,
    });
    const take = (scope as unknown as { take: (event: unknown) => boolean }).take;
    new scope.WebAssembly.Memory({ initial: 1 });
    expect(take({ data: { type: "init" } })).toBe(false);
    expect(
      take({ data: { "skillbox:memory-meter": { postMessage: (m: unknown) => posted.push(m) } } }),
    ).toBe(true);
    const memory = new scope.WebAssembly.Memory({ initial: 2 });
    expect(posted).toEqual([memory]);
    expect(memory).toBeInstanceOf(NativeMemory);
  });
});
