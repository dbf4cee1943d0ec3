import { z } from "zod";

/**
 * What the Wasmer engine's processes hold in WebAssembly memory, for the run's memory budget.
 *
 * Each process creates its memory in a worker of its own, where the engine worker cannot see it;
 * so every process worker is handed a port first, and its bootstrap
 * (`METERED_MEMORY_SOURCE` in src/sandbox/processWorkerBootstrap.ts) reports through it the memory
 * the process runs on, releasing the one before when an exec replaces it. The memories are
 * shared, so the engine worker reads their current size whenever it asks. The runtime's own
 * memory (where the run's files live) is created in the engine worker and counted as well.
 */

/**
 * What a process worker's bootstrap tells the meter: the memory it runs on now, under its own
 * number, or that it no longer runs on one.
 */
export const meterReportSchema = z.union([
  z.object({ id: z.number().int(), memory: z.instanceof(WebAssembly.Memory) }),
  z.object({ release: z.number().int() }),
]);

/** The memories of the engine worker and of each live process worker. */
export class ProcessMemoryMeter {
  private readonly owned = new Map<object, Map<number, WebAssembly.Memory>>();
  private lastLocalId = 0;

  /** Counts every memory created in this worker from now on (the runtime's own). */
  meterLocalMemories(): void {
    const NativeMemory = WebAssembly.Memory;
    const add = (memory: WebAssembly.Memory) => this.add(this, memory, --this.lastLocalId);
    function MeteredMemory(descriptor: WebAssembly.MemoryDescriptor): WebAssembly.Memory {
      const memory = new NativeMemory(descriptor);
      add(memory);
      return memory;
    }
    MeteredMemory.prototype = NativeMemory.prototype;
    Object.defineProperty(WebAssembly, "Memory", {
      value: MeteredMemory,
      configurable: true,
      writable: true,
    });
  }

  /** Counts `memory` as `owner`'s, under the number its owner gave it. */
  add(owner: object, memory: WebAssembly.Memory, id: number): void {
    const memories = this.owned.get(owner) ?? new Map<number, WebAssembly.Memory>();
    memories.set(id, memory);
    this.owned.set(owner, memories);
  }

  /** Stops counting one memory of `owner`'s: the process runs on another now. */
  release(owner: object, id: number): void {
    this.owned.get(owner)?.delete(id);
  }

  /** Stops counting an owner's memories (its worker has ended, and they with it). */
  forget(owner: object): void {
    this.owned.delete(owner);
  }

  /** Bytes held now: a shared memory's buffer reports the size it has grown to. */
  bytes(): number {
    let total = 0;
    for (const memories of this.owned.values()) {
      for (const memory of memories.values()) total += memory.buffer.byteLength;
    }
    return total;
  }
}
