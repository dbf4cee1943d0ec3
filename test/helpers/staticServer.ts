import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort";

/** A plain static file server (`python3 -m http.server`): no custom headers of any kind. */
export interface StaticServer {
  url: string;
  /** The folder it serves: a copy of the build, which a test may change. */
  root: string;
  close(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`the static server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the static server did not answer at ${url}`);
}

/**
 * Serves a copy of `dist/` with Python's http.server on `host` (another loopback address is
 * another site: a second origin for embedding tests).
 */
export async function startStaticServer(dist = "dist", host = "127.0.0.1"): Promise<StaticServer> {
  const root = mkdtempSync(join(tmpdir(), "skillbox-static-"));
  cpSync(dist, root, { recursive: true });
  const port = await freePort(host);
  const child = spawn(
    "python3",
    ["-m", "http.server", String(port), "--bind", host, "--directory", root],
    { stdio: "ignore" },
  );
  const url = `http://${host}:${port}/`;
  await waitUntilServing(url, child);
  return {
    url,
    root,
    close: async () => {
      child.kill();
    },
  };
}
