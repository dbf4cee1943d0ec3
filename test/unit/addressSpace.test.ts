import { expect, test } from "vitest";
import { isOutOfAddressSpace } from "../../src/sandbox/addressSpace";

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
