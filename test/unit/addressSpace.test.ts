import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import {
  isOutOfAddressSpace,
  MEMORY_RETRY_WAITS_MS,
  RETRYING_MEMORY_SOURCE,
  retryingMemory,
  retryWhileOutOfAddressSpace,
} from "../../src/sandbox/addressSpace";

test("knows V8's messages for a memory it could not reserve, and nothing else", () => {
  const noRoom = [
    new RangeError("WebAssembly.Memory(): could not allocate memory"),
    new Error("Out of memory: Cannot allocate Wasm memory for new instance"),
    new Error(
      "command execution failed: RuntimeError: user: A user-defined error occurred: RangeError: WebAssembly.Memory(): could not allocate memory",
    ),
  ];
  for (const error of noRoom) expect(isOutOfAddressSpace(error), error.message).toBe(true);
  expect(isOutOfAddressSpace(new Error("the run's memory limit was reached"))).toBe(false);
  expect(isOutOfAddressSpace("could not allocate memory")).toBe(false);
});

/** A memory constructor that finds no room for its first `failures` calls. */
function scarceMemory(
  failures: number,
  message = "WebAssembly.Memory(): could not allocate memory",
) {
  let calls = 0;
  function ScarceMemory(this: { descriptor: unknown }, descriptor: unknown) {
    calls += 1;
    if (calls <= failures) throw new RangeError(message);
    this.descriptor = descriptor;
  }
  return { Memory: ScarceMemory as unknown as typeof WebAssembly.Memory, calls: () => calls };
}

test("a memory made while there is no room is tried again after each wait, then made", () => {
  const scarce = scarceMemory(3);
  const slept: number[] = [];
  const Memory = retryingMemory(scarce.Memory, (ms) => slept.push(ms));
  const memory = new Memory({ initial: 1 });
  expect(memory).toBeInstanceOf(scarce.Memory);
  expect(slept).toEqual(MEMORY_RETRY_WAITS_MS.slice(0, 3));
  expect(scarce.calls()).toBe(4);
});

test("the retrying memory gives up after its last wait, and at once on any other error", () => {
  const never = scarceMemory(Number.POSITIVE_INFINITY);
  const slept: number[] = [];
  const Memory = retryingMemory(never.Memory, (ms) => slept.push(ms));
  expect(() => new Memory({ initial: 1 })).toThrow(/could not allocate memory/);
  expect(slept).toEqual(MEMORY_RETRY_WAITS_MS);
  const other = scarceMemory(1, "WebAssembly.Memory(): Property 'initial' is required");
  const untouched: number[] = [];
  expect(
    () => new (retryingMemory(other.Memory, (ms) => untouched.push(ms)))({ initial: 1 }),
  ).toThrow(/initial/);
  expect(untouched).toEqual([]);
});

test("the process workers' retrying memory (classic source) waits and retries the same way", () => {
  const scarce = scarceMemory(2);
  const slept: number[] = [];
  const scope = {
    WebAssembly: { Memory: scarce.Memory },
    Atomics: {
      wait: (_cell: unknown, _index: number, _value: number, ms: number) => slept.push(ms),
    },
    SharedArrayBuffer,
    Int32Array,
    Error,
    Object,
  };
  runInNewContext(RETRYING_MEMORY_SOURCE, scope);
  const memory = new scope.WebAssembly.Memory({ initial: 1 });
  expect(memory).toBeInstanceOf(scarce.Memory);
  expect(slept).toEqual(MEMORY_RETRY_WAITS_MS.slice(0, 2));
  const never = scarceMemory(Number.POSITIVE_INFINITY);
  scope.WebAssembly.Memory = never.Memory;
  runInNewContext(RETRYING_MEMORY_SOURCE, scope);
  expect(() => new scope.WebAssembly.Memory({ initial: 1 })).toThrow(/could not allocate/);
  expect(never.calls()).toBe(MEMORY_RETRY_WAITS_MS.length + 1);
});

test("an asynchronous attempt is made again after each wait while it finds no room, and other errors end it at once", async () => {
  const slept: number[] = [];
  const sleep = async (ms: number) => {
    slept.push(ms);
  };
  let calls = 0;
  const scarce = async () => {
    calls += 1;
    if (calls <= 2) throw new RangeError("WebAssembly.Memory(): could not allocate memory");
    return "loaded";
  };
  expect(await retryWhileOutOfAddressSpace(scarce, [5, 10, 20], sleep)).toBe("loaded");
  expect(slept).toEqual([5, 10]);

  slept.length = 0;
  calls = -10;
  await expect(retryWhileOutOfAddressSpace(scarce, [5, 10], sleep)).rejects.toThrow(
    "could not allocate memory",
  );
  expect(slept).toEqual([5, 10]);

  slept.length = 0;
  const broken = async () => {
    throw new Error("unknown model architecture");
  };
  await expect(retryWhileOutOfAddressSpace(broken, [5], sleep)).rejects.toThrow("unknown model");
  expect(slept).toEqual([]);
});
