import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appUrl, installTestSkill, launchChromium, runScript } from "./app";
import { openShellHarness, runShell } from "./shellHarness";

/**
 * The Wasmer shell engine's plumbing, proven with WASI programs written for it in C
 * (test/wasi/*.c, built by scripts/build-wasi-test-programs.sh). Each program is configured as
 * the deployment's "shell package" and run as `PROGRAM SCRIPT ARGS…`, as a shell would be.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const program = (name: string) => `/test-wasi/${name}.wasm`;

describe("Wasmer shell engine", () => {
  test("passes the script path and every argument literally, with the run's environment", async () => {
    const page = await openShellHarness(browser, {
      engine: "wasmer",
      package: program("echo_args"),
    });
    const args = ["two words", "$(whoami)", "*", "it's", "", "ünïcode ✓", "a;b | c"];
    const outcome = await runShell(page, { args });
    expect(outcome.stderr).toBe("");
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toBe(
      [
        `argc=${args.length + 1}`,
        "[scripts/run.sh]",
        ...args.map((a) => `[${a}]`),
        "PWD=/workspace/skills/wasi-demo",
        'SKILL_PARAMETERS={"k":1}',
        "",
      ].join("\n"),
    );
    await page.context().close();
  });

  test("mounts the skill's files as the working directory and returns what the run wrote", async () => {
    const page = await openShellHarness(browser, { engine: "wasmer", package: program("file_io") });
    const files = { "data/input.txt": "hello wasm\n", "log.txt": "first\n" };
    const first = await runShell(page, { files });
    expect(first.stderr).toBe("");
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toBe("echo from the script\ndone\n");
    expect(first.files).toEqual({
      "log.txt": "first\nappended by file_io\n",
      "out/upper.txt": "HELLO WASM\n",
    });
    // A second run starts from the skill's files again, not from what the first one left.
    const second = await runShell(page, { files });
    expect(second.files["log.txt"]).toBe("first\nappended by file_io\n");
    await page.context().close();
  });

  test("maps exit codes and keeps stdout and stderr apart", async () => {
    const page = await openShellHarness(browser, {
      engine: "wasmer",
      package: program("exit_code"),
    });
    const failed = await runShell(page, { args: ["7"] });
    expect(failed).toMatchObject({
      exitCode: 7,
      stdout: "to stdout\n",
      stderr: "to stderr, exiting with 7\n",
    });
    const ok = await runShell(page, { args: ["0"] });
    expect(ok).toMatchObject({ exitCode: 0, stderr: "to stderr, exiting with 0\n" });
    await page.context().close();
  });

  test("stops an endless loop at the time limit with exit code 124, keeping its output", async () => {
    const page = await openShellHarness(browser, { engine: "wasmer", package: program("spin") });
    const outcome = await runShell(page, { timeLimitMs: 2_000 });
    expect(outcome.exitCode).toBe(124);
    expect(outcome.timedOut).toBe(true);
    expect(outcome.stdout).toBe("spinning\n");
    // The killed worker is replaced: the next run starts and is stopped the same way.
    const again = await runShell(page, { timeLimitMs: 2_000 });
    expect(again).toMatchObject({ exitCode: 124, stdout: "spinning\n" });
    await page.context().close();
  });

  test("a run never sees files another run wrote (hostile guest listing /workspace)", async () => {
    const page = await openShellHarness(browser, {
      engine: "wasmer",
      package: program("leak_probe"),
    });
    const listing = async (tag: string) =>
      (await runShell(page, { args: [tag] })).stdout.trim().split("\n").sort();
    const root = "/workspace/skills/wasi-demo";
    expect(await listing("one")).toEqual([`${root}/scripts/run.sh`, `${root}/secret-one.txt`]);
    expect(await listing("two")).toEqual([`${root}/scripts/run.sh`, `${root}/secret-two.txt`]);
    await page.context().close();
  });

  test("a command the package lacks is a clear error naming the commands it has", async () => {
    const page = await openShellHarness(browser, {
      engine: "wasmer",
      package: program("echo_args"),
      command: "bash",
    });
    await expect(runShell(page)).rejects.toThrow(
      "the shell package has no command 'bash' (it has: main)",
    );
    await page.context().close();
  });

  test("the built-in engine runs the script when chosen, even with a package configured", async () => {
    const page = await openShellHarness(browser, {
      engine: "builtin",
      package: program("echo_args"),
    });
    const outcome = await runShell(page);
    expect(outcome).toMatchObject({ exitCode: 0, stdout: "from the script\n" });
    await page.context().close();
  });
});

describe("a deployment's shell package (skillbox.config.json)", () => {
  /** The app, with the config file the deployment would serve answered by `config`. */
  async function openAppWithConfig(config: string): Promise<Page> {
    const context = await browser.newContext();
    await context.route("**/skillbox.config.json", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: config }),
    );
    const page = await context.newPage();
    await page.goto(appUrl());
    await page.waitForFunction(() => "skillbox" in window);
    return page;
  }

  test("runs the skill's .sh through run_skill_script on the configured package", async () => {
    const page = await openAppWithConfig(
      JSON.stringify({ shell: { package: "/test-wasi/echo_args.wasm" } }),
    );
    await page.evaluate(() => window.skillbox.ready);
    expect(await page.evaluate(() => window.skillbox.status())).toMatchObject({
      crossOriginIsolated: true,
      shellEngine: "wasmer",
    });
    await expect.poll(() => page.locator("#status").textContent()).toContain("on Wasmer");
    await installTestSkill(page, "wasi-app", { "scripts/go.sh": "echo unused\n" });
    const result = await runScript(page, "wasi-app", "scripts/go.sh", ["x y"]);
    expect(result).toEqual({
      exit_code: 0,
      timed_out: false,
      files: [],
      stdout: [
        "argc=2",
        "[scripts/go.sh]",
        "[x y]",
        "PWD=/workspace/skills/wasi-app",
        "SKILL_PARAMETERS={}",
        "",
      ].join("\n"),
    });
    await page.context().close();
  });

  test("a registry name is looked up and downloaded by the page, then runs in the sandbox", async () => {
    const echoArgs = readFileSync(join(import.meta.dirname, "../wasi/build/echo_args.wasm"));
    const seen: string[] = [];
    const registry = createServer((req, res) => {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Allow-Headers", "content-type");
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.method === "OPTIONS") return void res.writeHead(204).end();
        seen.push(`${req.method} ${req.url}`);
        if (req.url === "/echo.webc") return void res.writeHead(200).end(echoArgs);
        const { variables } = JSON.parse(body) as { variables: { name: string } };
        const found = variables.name === "skillbox/echo-args";
        const { port } = registry.address() as AddressInfo;
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            data: {
              getPackageVersion: found
                ? {
                    version: "1.0.0",
                    distribution: { webcDownloadUrl: `http://127.0.0.1:${port}/echo.webc` },
                  }
                : null,
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const { port } = registry.address() as AddressInfo;
    try {
      const page = await openAppWithConfig(
        JSON.stringify({
          shell: {
            package: "skillbox/echo-args@1.0.0",
            registry: `http://127.0.0.1:${port}/graphql`,
          },
        }),
      );
      await page.evaluate(() => window.skillbox.ready);
      expect(seen).toEqual(["POST /graphql", "GET /echo.webc"]);
      await installTestSkill(page, "wasi-registry", { "scripts/go.sh": "unused\n" });
      const result = await runScript(page, "wasi-registry", "scripts/go.sh", ["arg"]);
      expect(result).toMatchObject({ exit_code: 0 });
      expect((result as { stdout: string }).stdout).toContain("[scripts/go.sh]\n[arg]\n");
      await page.context().close();
    } finally {
      registry.close();
    }
  });

  test("the wasmer engine without a package runs run_skill_script on the build's dash and toybox, in /skills/NAME", async () => {
    const page = await openAppWithConfig(JSON.stringify({ shell: { engine: "wasmer" } }));
    await page.evaluate(() => window.skillbox.ready);
    expect(await page.evaluate(() => window.skillbox.status())).toMatchObject({
      shellEngine: "wasmer",
    });
    await expect.poll(() => page.locator("#status").textContent()).toContain("on Wasmer");
    await installTestSkill(page, "dash-app", {
      "scripts/go.sh": 'printf "%s\\n" "$@" | sort -r | tr a-z A-Z\nls scripts\npwd\necho "$PWD"\n',
    });
    const result = await runScript(page, "dash-app", "scripts/go.sh", ["b", "a c"]);
    // The contract's skill directory, as on the built-in engine (not where the SDK mounts it).
    expect(result).toMatchObject({
      exit_code: 0,
      stdout: "B\nA C\ngo.sh\n/skills/dash-app\n/skills/dash-app\n",
    });
    await page.context().close();
  });

  test("a config that does not fit the schema stops the sandbox with every problem named", async () => {
    const page = await openAppWithConfig(
      JSON.stringify({ shell: { engine: "wasmx", shellPackage: "/x.webc" } }),
    );
    await expect
      .poll(() => page.locator("#status").textContent())
      .toContain("The sandbox failed to start");
    const text = await page.locator("#status").textContent();
    expect(text).toContain("/skillbox.config.json");
    expect(text).toContain("shell: Unrecognized key");
    expect(text).toContain("shell.engine: Invalid option");
    await page.context().close();
  });
});
