import "fake-indexeddb/auto";
import { expect, test } from "vitest";
import { IdbOutputFileStore, readStoredOutputFile } from "../../src/files/outputFileStore";
import { outputFilePathOf, outputFileUrlPath } from "../../src/tools/outputFiles";

const file = (path: string, size: number) => ({ path, data: new Uint8Array(size).fill(7) });
const pathOf = (url: string) => new URL(url).pathname;

test("past the cap the oldest runs' files go first, never a file of the run being saved", async () => {
  const store = new IdbOutputFileStore("http://app.test", 100);
  await store.clear();
  const [first] = await store.save("run-1", "demo", [file("out/a.txt", 60)]);
  const [second] = await store.save("run-2", "demo", [file("out/b.txt", 30)]);
  expect(await store.stats()).toEqual({ files: 2, bytes: 90, capBytes: 100 });

  const third = await store.save("run-3", "demo", [file("out/c.bin", 80), file("out/d.bin", 40)]);
  // run-3 alone passes the cap: every earlier file goes, none of its own.
  expect(await readStoredOutputFile(pathOf(first!))).toBeUndefined();
  expect(await readStoredOutputFile(pathOf(second!))).toBeUndefined();
  for (const url of third) expect(await readStoredOutputFile(pathOf(url))).toBeDefined();
  expect(await store.stats()).toEqual({ files: 2, bytes: 120, capBytes: 100 });

  await store.clear();
  expect(await store.stats()).toEqual({ files: 0, bytes: 0, capBytes: 100 });
  expect(await readStoredOutputFile(pathOf(third[0]!))).toBeUndefined();
});

test("unsafe paths are never stored", async () => {
  const store = new IdbOutputFileStore("http://app.test", 100);
  expect(await store.save("run-4", "demo", [file("../escape", 1), file("/abs", 1)])).toEqual([]);
});

test("an output file's URL gives back its path inside the skill; other URLs give nothing", () => {
  const path = outputFileUrlPath("run 1", "my-skill", "out/a b/#1.csv");
  expect(outputFilePathOf(path)).toBe("out/a b/#1.csv");
  expect(outputFilePathOf(`http://app.test${path}`)).toBe("out/a b/#1.csv");
  expect(outputFilePathOf("http://app.test/skillbox-files/run-1/my-skill")).toBeUndefined();
  expect(outputFilePathOf("http://app.test/other/run-1/my-skill/out/a.csv")).toBeUndefined();
});
