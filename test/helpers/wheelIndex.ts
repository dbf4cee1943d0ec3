import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { normalizePackageName } from "../../src/python/packageLock";
import type { BuiltWheel } from "./debianWheels";

export interface WheelIndex {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for PyPI on 127.0.0.1: the JSON API (`/pypi/NAME/json`) and the files, for the
 * wheels given. `tamper` names files served with bytes other than those the index's hash says.
 */
export async function startWheelIndex(
  wheels: readonly BuiltWheel[],
  options: { tamper?: string[] } = {},
): Promise<WheelIndex> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://x");
    requests.push(pathname);
    // No idle connection to reuse: python:add blocks its event loop for seconds while it compiles,
    // and a kept-alive socket the server times out meanwhile fails the next fetch (ECONNRESET).
    res.setHeader("Connection", "close");
    const project = /^\/pypi\/([^/]+)\/json$/.exec(pathname)?.[1];
    if (project) {
      const releases = wheels.filter(
        (wheel) =>
          normalizePackageName(wheel.name) === normalizePackageName(decodeURIComponent(project)),
      );
      if (releases.length === 0) {
        res.writeHead(404).end("not found");
        return;
      }
      const body = {
        info: { name: releases[0]!.name, version: releases[releases.length - 1]!.version },
        releases: Object.fromEntries(
          releases.map((wheel) => [
            wheel.version,
            [
              {
                filename: wheel.fileName,
                url: `/files/${wheel.fileName}`,
                digests: { sha256: bytesToHex(sha256(wheel.data)) },
                yanked: false,
              },
            ],
          ]),
        ),
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      return;
    }
    const file = wheels.find((wheel) => pathname === `/files/${wheel.fileName}`);
    if (!file) {
      res.writeHead(404).end("not found");
      return;
    }
    const data = options.tamper?.includes(file.fileName)
      ? file.data.map((byte, i) => (i === 100 ? byte ^ 1 : byte))
      : file.data;
    res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
