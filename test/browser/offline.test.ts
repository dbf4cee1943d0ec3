import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import {
  appUrl,
  installTestSkill,
  launchChromium,
  openApp,
  runScript,
  waitForApp,
  waitUntilCached,
} from "./app";

const SKILL = "offline-probe";
const SCRIPTS = {
  "scripts/hello.py": "import sys\nprint('python', sys.argv[1:])\n",
  "scripts/hello.js": "console.log('javascript', process.argv.slice(2));\n",
  "scripts/hello.sh": 'echo "shell $1 $(( 6 * 7 ))"\n',
};
const EXPECTED = {
  "scripts/hello.py": "python ['x']\n",
  "scripts/hello.js": "javascript [ 'x' ]\n",
  "scripts/hello.sh": "shell x 42\n",
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function runEachRuntime(page: Page) {
  const results: Record<string, string> = {};
  for (const script of Object.keys(SCRIPTS)) {
    const result = (await runScript(page, SKILL, script, ["x"])) as RunScriptResult;
    expect(result.exit_code, `${script}: ${JSON.stringify(result)}`).toBe(0);
    results[script] = result.stdout;
  }
  expect(results).toEqual(EXPECTED);
}

/** Reloads the page, checks what its sandbox reports, and runs a script in each runtime. */
async function reloadAndRunEach(page: Page, status: Record<string, unknown>) {
  await page.reload();
  await waitForApp(page);
  expect(await page.evaluate(() => window.skillbox.status())).toMatchObject(status);
  await runEachRuntime(page);
}

/** Waits until the page has stored a Python snapshot (a later boot of its first visit makes one). */
async function waitForStoredSnapshot(page: Page) {
  const count = () =>
    page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      if (!names.includes("skillbox-snapshots")) return 0;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("skillbox-snapshots");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains("snapshots")) return 0;
        return await new Promise<number>((resolve) => {
          const request = db.transaction("snapshots").objectStore("snapshots").count();
          request.onsuccess = () => resolve(request.result);
        });
      } finally {
        db.close();
      }
    });
  await expect.poll(count, { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
}

/**
 * Damages the stored snapshot: `truncate` cuts its bytes under the old checksum; `garbage`
 * replaces them with bytes of the same length and a checksum that matches them (the snapshot's
 * length is a multiple of 4: WebAssembly pages).
 */
async function damageStoredSnapshot(page: Page, how: "truncate" | "garbage") {
  await page.evaluate(async (mode) => {
    // The store's checksum (FNV-1a over 32-bit words), so garbage passes the page's check.
    const checksum = (bytes: ArrayBuffer) => {
      let hash = 0x811c9dc5;
      for (const word of new Uint32Array(bytes)) hash = Math.imul(hash ^ word, 0x01000193);
      return hash >>> 0;
    };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("skillbox-snapshots");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = () => db.transaction("snapshots", "readwrite").objectStore("snapshots");
    const record = await new Promise<{ bytes: ArrayBuffer; checksum: number }>((resolve) => {
      const request = store().openCursor();
      request.onsuccess = () => resolve(request.result!.value);
    });
    if (mode === "truncate") {
      record.bytes = record.bytes.slice(0, 1000);
    } else {
      record.bytes = new Uint8Array(record.bytes.byteLength).fill(7).buffer;
      record.checksum = checksum(record.bytes);
    }
    await new Promise((resolve) => {
      store().put(record).onsuccess = resolve;
    });
    db.close();
  }, how);
}

describe("offline-first", () => {
  test("after one visit, a reload with the network off shows the app and runs .py, .js and .sh", async () => {
    const page = await openApp(browser);
    await installTestSkill(page, SKILL, SCRIPTS);
    await runEachRuntime(page);
    await waitUntilCached(page);
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);
    for (const id of ["status", "app"]) expect(await page.locator(`#${id}`).count()).toBe(1);
    expect(await page.locator("#app section, #app form, #app .panel").count()).toBeGreaterThan(0);
    expect((await page.evaluate(() => window.skillbox.listSkills())).map((s) => s.name)).toContain(
      SKILL,
    );
    await runEachRuntime(page);
    await page.context().close();
  });

  // Four visits, each booting every runtime: 60-90 s here, and past 120 s in a CI run on a
  // machine twice as slow as usual.
  test("a repeat visit boots Python from the stored snapshot; a damaged one is discarded", {
    timeout: 240_000,
  }, async () => {
    const page = await openApp(browser);
    await installTestSkill(page, SKILL, SCRIPTS);
    await runEachRuntime(page);
    await waitForStoredSnapshot(page);

    await reloadAndRunEach(page, { pythonSnapshotFromStorage: true });

    // Truncated bytes under the old checksum: the store refuses them, Python boots in full.
    await damageStoredSnapshot(page, "truncate");
    await reloadAndRunEach(page, { pythonSnapshotFromStorage: false });

    // Garbage with a matching checksum (another build's bytes, say): the worker cannot restore
    // it, reports so, and boots in full; the right interpreter answers.
    await waitForStoredSnapshot(page);
    await damageStoredSnapshot(page, "garbage");
    await reloadAndRunEach(page, { pythonSnapshotFromStorage: true });
    await page.context().close();
  });
});

describe("output files on a first visit", () => {
  test("a file's URL opens, as text, while the app's service worker is still caching the build", async () => {
    const context = await browser.newContext();
    // Holds the service workers' requests for WebAssembly, so the app's registration cannot
    // finish caching the build (and so cannot control the page) during this test.
    const held: Route[] = [];
    await context.route("**/*.wasm", (route) => {
      if (route.request().serviceWorker()) held.push(route);
      else void route.continue();
    });
    const page = await context.newPage();
    await page.goto(appUrl());
    await waitForApp(page);
    const writer =
      "import os\nos.makedirs('out', exist_ok=True)\n" +
      "open('out/note.txt', 'w').write('a note')\n" +
      "open('out/page.html', 'w').write('<script>parent.x = 1</script>')\n";
    await installTestSkill(page, "first-visit-files", { "scripts/write.py": writer });
    const result = (await runScript(
      page,
      "first-visit-files",
      "scripts/write.py",
    )) as RunScriptResult;
    expect(result.exit_code, JSON.stringify(result)).toBe(0);
    // Still uncontrolled: the precache cannot end while its WebAssembly requests are held (one
    // CI run had made none of them yet by now, so their count proves nothing).
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // The files' registration is made once the sandbox is up and takes over within moments.
    await page.waitForFunction(
      async () =>
        (await navigator.serviceWorker.getRegistration("/skillbox-files/"))?.active?.state ===
        "activated",
      null,
      { timeout: 30_000 },
    );

    const opened: Record<string, [string, string | undefined]> = {};
    for (const url of result.files) {
      const tab = await context.newPage();
      const response = await tab.goto(url);
      opened[url.slice(url.lastIndexOf("/") + 1)] = [
        (await response?.text()) ?? "",
        response?.headers()["content-type"],
      ];
      await tab.close();
    }
    expect(opened).toEqual({
      "note.txt": ["a note", "text/plain; charset=utf-8"],
      "page.html": ["<script>parent.x = 1</script>", "text/plain; charset=utf-8"],
    });
    await context.close();
  });
});

describe("a plain static host (python3 -m http.server, no custom headers)", () => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await startStaticServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  test("the app starts, runs all three runtimes, says it is not isolated, and stops a loop by termination", async () => {
    const page = await openApp(browser, "/", server.url);
    expect(await page.evaluate(() => window.skillbox.status())).toMatchObject({
      crossOriginIsolated: false,
    });
    await page.waitForFunction(() =>
      document.getElementById("status")?.textContent?.includes("not cross-origin isolated"),
    );
    await installTestSkill(page, SKILL, {
      ...SCRIPTS,
      "scripts/spin.py": "print('spinning', flush=True)\nwhile True:\n    pass\n",
    });
    await runEachRuntime(page);
    const spin = (await runScript(page, SKILL, "scripts/spin.py", [], {
      timeLimitMs: 1500,
    })) as RunScriptResult;
    expect(spin).toMatchObject({ exit_code: 124, timed_out: true });
    expect(spin.stdout).toContain("spinning");
    await runEachRuntime(page);

    // Once the service worker controls the page, it supplies the isolation headers itself.
    await waitUntilCached(page);
    await reloadAndRunEach(page, { crossOriginIsolated: true });
    await page.context().close();
  });

  test("a file that cannot be saved leaves the app working and is named as not available offline", async () => {
    const missing = join(server.root, "icon-maskable.svg");
    const icon = readFileSync(missing);
    rmSync(missing);
    try {
      const page = await openApp(browser, "/", server.url);
      await page.waitForFunction(
        () => document.getElementById("offline-status")?.textContent?.startsWith("Not available"),
        null,
        { timeout: 90_000 },
      );
      expect(await page.locator("#offline-status").textContent()).toContain("/icon-maskable.svg");
      await installTestSkill(page, SKILL, SCRIPTS);
      await runEachRuntime(page);
      await page.context().close();
    } finally {
      writeFileSync(missing, icon);
    }
  });

  test("a new deployment shows the reload prompt and switches only when asked", async () => {
    const page = await openApp(browser, "/", server.url);
    await waitUntilCached(page);
    const swPath = join(server.root, "sw.js");
    const original = readFileSync(swPath, "utf8");
    const buildId = /"id":"([0-9a-f]+)"/.exec(original)?.[1];
    expect(buildId).toBeDefined();
    writeFileSync(swPath, original.replaceAll(`"id":"${buildId}"`, '"id":"0000000000000new"'));
    try {
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const banner = page.locator("#update-banner");
      await banner.waitFor({ state: "visible", timeout: 90_000 });
      expect(await banner.textContent()).toContain("A new version is ready");
      // Until the user reloads, the page keeps its build and keeps working.
      await installTestSkill(page, SKILL, SCRIPTS);
      await runEachRuntime(page);
      await Promise.all([page.waitForEvent("load"), banner.getByRole("button").click()]);
      await waitForApp(page);
      const caches = await page.evaluate(() => window.caches.keys());
      expect(caches).toContain("skillbox-app-0000000000000new");
      expect(caches).not.toContain(`skillbox-app-${buildId}`);
    } finally {
      writeFileSync(swPath, original);
    }
    await page.context().close();
  });
});
