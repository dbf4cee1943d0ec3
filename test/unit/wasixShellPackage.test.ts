import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  fetchWasixShell,
  packWasixShell,
  unpackWasixShell,
  type WasixShellManifest,
  wasixShellManifestSchema,
} from "../../src/sandbox/wasixShellPackage";

const manifest: WasixShellManifest = {
  entrypoint: "sh",
  modules: { dash: "dash.wasm", toybox: "toybox.wasm" },
  commands: { sh: "dash", dash: "dash", cat: "toybox", sha256sum: "toybox" },
  sources: { dash: { version: "0.5.12-2", licence: "BSD-3-Clause", from: "Debian" } },
};
const modules = { dash: new Uint8Array([0, 97, 115, 109, 1]), toybox: new Uint8Array([7, 8, 9]) };

describe("the WASIX shell package", () => {
  test("packs the modules and commands into one buffer and unpacks them as the SDK takes them", () => {
    const unpacked = unpackWasixShell(packWasixShell(manifest, modules));
    expect(unpacked).toEqual({
      entrypoint: "sh",
      modules,
      commands: {
        sh: { module: "dash" },
        dash: { module: "dash" },
        cat: { module: "toybox" },
        sha256sum: { module: "toybox" },
      },
    });
  });

  test("other bytes (a .webc, a raw .wasm) are not a packed package", () => {
    expect(unpackWasixShell(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]).buffer)).toBeNull();
    expect(unpackWasixShell(new ArrayBuffer(0))).toBeNull();
  });

  test("a package cut short, or a command naming no module, is a clear error", () => {
    const packed = new Uint8Array(packWasixShell(manifest, modules));
    expect(() => unpackWasixShell(packed.slice(0, packed.byteLength - 1).buffer)).toThrow(
      "the shell package is cut short",
    );
    const wrong = packWasixShell({ ...manifest, commands: { ls: "busybox" } }, modules);
    expect(() => unpackWasixShell(wrong)).toThrow("shell command ls names no module");
  });

  test("the manifest names module files beside it only", () => {
    const files = (file: string) =>
      wasixShellManifestSchema.safeParse({ ...manifest, modules: { dash: file } }).success;
    expect(files("dash.wasm")).toBe(true);
    expect(files("../dash.wasm")).toBe(false);
    expect(files("https://elsewhere.example/dash.wasm")).toBe(false);
  });
});

describe("fetchWasixShell against a real server", () => {
  let server: Server;
  let base: string;
  const served = new Map<string, Uint8Array | string>([
    ["/with/shell.json", JSON.stringify(manifest)],
    ["/with/dash.wasm", modules.dash],
    ["/with/toybox.wasm", modules.toybox],
    ["/broken/shell.json", JSON.stringify(manifest)],
  ]);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = served.get(req.url ?? "");
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("fetches and packs the runtime folder's dash and toybox", async () => {
    const packed = await fetchWasixShell(`${base}/with/`);
    expect(unpackWasixShell(packed)?.modules).toEqual(modules);
  });

  test("a build without them gives an empty buffer, which is no package", async () => {
    expect((await fetchWasixShell(`${base}/without/`)).byteLength).toBe(0);
  });

  test("a module missing beside its manifest is an error naming it", async () => {
    await expect(fetchWasixShell(`${base}/broken/`)).rejects.toThrow(
      "the WASIX shell's dash.wasm: HTTP 404",
    );
  });
});
