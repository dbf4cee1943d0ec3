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
    meter.add(first, a, 1);
    meter.add(second, b, 1);
    expect(meter.bytes()).toBe(5 * PAGE);
    a.grow(10);
    expect(meter.bytes()).toBe(15 * PAGE);
    meter.forget(first);
    expect(meter.bytes()).toBe(3 * PAGE);
  });

  test("stops counting a memory its process released, and only that one", () => {
    const meter = new ProcessMemoryMeter();
    const parent = {};
    meter.add(parent, new WebAssembly.Memory({ initial: 2, maximum: 10, shared: true }), 1);
    meter.add(parent, new WebAssembly.Memory({ initial: 3, maximum: 10, shared: true }), 2);
    meter.release(parent, 2);
    meter.release({}, 1);
    expect(meter.bytes()).toBe(2 * PAGE);
  });

  test("counts the memories this worker creates, which still pass as WebAssembly memories", () => {
    const meter = new ProcessMemoryMeter();
    meter.meterLocalMemories();
    const memory = new WebAssembly.Memory({ initial: 4 });
    expect(memory).toBeInstanceOf(NativeMemory);
    expect(meter.bytes()).toBe(4 * PAGE);
  });

  test("a process worker reports the memory it runs on once its port has come, an exec's in place of the one before", async () => {
    const { take, posted, scope, incoming } = bootstrapScope();
    const module = new WebAssembly.Module(MEMORY_IMPORTING_MODULE);
    const early = new NativeMemory({ initial: 1, maximum: 4, shared: true });
    new scope.WebAssembly.Instance(module, { env: { memory: early } });
    expect(take({ data: { type: "init" } })).toBe(false);
    expect(take(meterPortEvent(posted))).toBe(true);
    const sdkMemory = new NativeMemory({ initial: 1, maximum: 4, shared: true });
    incoming({ type: "init", memory: sdkMemory });
    new scope.WebAssembly.Instance(module, { env: { memory: sdkMemory } });
    const first = new NativeMemory({ initial: 1, maximum: 4, shared: true });
    const instance = new scope.WebAssembly.Instance(module, { env: { memory: first } });
    expect(instance).toBeInstanceOf(WebAssembly.Instance);
    // Made and dropped (as a fork makes its child's): never reported.
    new scope.WebAssembly.Memory({ initial: 2 });
    const exec = new NativeMemory({ initial: 2, maximum: 4, shared: true });
    await scope.WebAssembly.instantiate(module, { env: { memory: exec } });
    expect(posted).toEqual([{ id: 1, memory: first }, { release: 1 }, { id: 2, memory: exec }]);
  });
});

/** A module that imports `env.memory` (shared, 1 to 4 pages) and nothing else. */
const MEMORY_IMPORTING_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x02, 0x10, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x06,
  0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x03, 0x01, 0x04,
]);

function meterPortEvent(posted: unknown[]) {
  return { data: { "skillbox:memory-meter": { postMessage: (m: unknown) => posted.push(m) } } };
}

/** The bootstrap's metering source in a context of its own, as a process worker runs it. */
function bootstrapScope() {
  const posted: unknown[] = [];
  const scope = {
    WebAssembly: {
      Memory: NativeMemory,
      Instance: WebAssembly.Instance,
      instantiate: WebAssembly.instantiate,
    },
    ArrayBuffer,
    SharedArrayBuffer,
  };
  runInNewContext(
    `${METERED_MEMORY_SOURCE}\nself.take = takeMeterPort; self.incoming = meterIncoming;`,
    {
      ...scope,
      self: scope,
    },
  );
  const hooks = scope as unknown as {
    take: (event: unknown) => boolean;
    incoming: (data: unknown) => void;
  };
  return { posted, scope, take: hooks.take, incoming: hooks.incoming };
}
