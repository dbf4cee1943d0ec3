import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RelaxableLayer } from "../../src/sandbox/protocol";
import type { RawRunOutcome } from "../../src/sandbox/runtime";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { type CountingServer, startCountingServer } from "../helpers/countingServer";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import { appUrl, installSkill, launchChromium, openApp, runScript } from "./app";
import { expectEveryProbeBlocked, PROBE, STORAGE_PROBES } from "./hostileProbes";

let browser: Browser;
let server: CountingServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startCountingServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits long enough for any request a probe set off to arrive, then returns the hits for a tag. */
async function hitsFor(tag: string): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return server.hits.filter((hit) => hit.includes(`/${tag}/`));
}

/** Starts listening on the page for BroadcastChannel messages a probe might send. */
async function listenForBroadcasts(page: Page) {
  await page.evaluate(() => {
    const received: unknown[] = [];
    (window as unknown as { broadcasts: unknown[] }).broadcasts = received;
    new BroadcastChannel("skillbox-probe").onmessage = (event) => received.push(event.data);
  });
}

async function pageSawNothing(page: Page) {
  return page.evaluate(async () => ({
    broadcasts: (window as unknown as { broadcasts: unknown[] }).broadcasts,
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
  }));
}

/**
 * The same attacks against the app served with its headers (COOP/COEP, the page's CSP) and from a
 * plain static host that sends none: there the frame's own CSP, in its document, is the only one,
 * so the probes from its blob workers prove they inherit it.
 */
let staticServer: StaticServer;
beforeAll(async () => {
  staticServer = await startStaticServer();
});
afterAll(async () => {
  await staticServer?.close();
});

const HOSTS: [string, () => string][] = [
  ["served with its headers", () => appUrl()],
  ["on a plain static host", () => staticServer.url],
];

for (const [host, base] of HOSTS) {
  describe(host, () => {
    describe("hostile Python in the production sandbox (all layers)", () => {
      test("every probe is blocked: no request, no storage, no forged result", async () => {
        const page = await openApp(browser, "/", base());
        await listenForBroadcasts(page);
        await installSkill(page, {
          files: {
            "hostile/SKILL.md":
              "---\nname: hostile\ndescription: Escape attempts.\n---\nDo not run.\n",
            "hostile/scripts/probe.py": PROBE,
          },
        });
        const result = (await runScript(page, "hostile", "scripts/probe.py", [
          server.url,
          "full",
        ])) as RunScriptResult;
        expect(result.exit_code).toBe(0);
        const probes = JSON.parse(result.stdout) as Record<string, string>;
        expectEveryProbeBlocked(probes);
        expect(await hitsFor("full")).toEqual([]);
        const seen = await pageSawNothing(page);
        expect(seen.broadcasts).toEqual([]);
        expect(seen.databases).not.toContain("skillbox-probe");
        expect(seen.caches).not.toContain("skillbox-probe");
        await page.context().close();
      });
    });

    describe("each layer holds on its own", () => {
      async function openHarness(
        relaxedLayers: RelaxableLayer[],
        relaxCsp: boolean,
      ): Promise<Page> {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(new URL("/test/browser/harness/index.html", base()).href);
        await page.waitForFunction(() => "harness" in window);
        await page.evaluate((o) => window.harness.open(o), { relaxedLayers, relaxCsp });
        return page;
      }

      function runProbe(page: Page, tag: string): Promise<RawRunOutcome> {
        return page.evaluate(
          ([source, args]) => {
            const enc = new TextEncoder();
            return window.harness.run({
              runId: crypto.randomUUID(),
              language: "python",
              skillName: "hostile",
              scriptPath: "scripts/probe.py",
              args: [...args],
              files: { "scripts/probe.py": enc.encode(source) },
              env: { SKILL_PARAMETERS: "{}" },
              timeLimitMs: 30_000,
              maxOutputChars: 100_000,
              outputFiles: { maxFiles: 100, maxBytes: 50 * 1024 * 1024 },
              memoryLimitBytes: 512 * 1024 * 1024,
            });
          },
          [PROBE, [server.url, tag]] as const,
        );
      }

      test("lockdown alone: with Python given the real global scope, every probe still fails", async () => {
        const page = await openHarness(["js-globals"], false);
        const outcome = await runProbe(page, "lockdown");
        expect(outcome.exitCode).toBe(0);
        const probes = JSON.parse(outcome.stdout) as Record<string, string>;
        expectEveryProbeBlocked(probes);
        expect(await hitsFor("lockdown")).toEqual([]);
        await page.context().close();
      });

      test("CSP, opaque origin and private port alone: no request, no storage, forgery ignored", async () => {
        const page = await openHarness(["js-globals", "lockdown"], false);
        await listenForBroadcasts(page);
        const outcome = await runProbe(page, "csp");
        expect(outcome.exitCode, outcome.stderr).toBe(0);
        const probes = JSON.parse(outcome.stdout) as Record<string, string>;
        console.log("probes with only CSP, opaque origin and private port:", probes);
        for (const name of STORAGE_PROBES) expect(probes[name], name).toMatch(/^blocked: /);
        expect(probes.indexedDB).toMatch(/SecurityError/);
        expect(probes["postMessage forgery"]).toBe("reached");
        expect(await hitsFor("csp")).toEqual([]);
        expect((await pageSawNothing(page)).broadcasts).toEqual([]);
        await page.context().close();
      });

      test("positive control: with every layer off, the same probes do reach the network", async () => {
        const page = await openHarness(["js-globals", "lockdown"], true);
        const outcome = await runProbe(page, "control");
        const probes = JSON.parse(outcome.stdout) as Record<string, string>;
        expect(probes["sync XMLHttpRequest"]).toBe("reached");
        expect((await hitsFor("control")).length).toBeGreaterThan(0);
        await page.context().close();
      });
    });
  });
}
