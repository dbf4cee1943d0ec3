import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import { installTestSkill, launchChromium, openApp, runScript, waitForApp } from "./app";

/** Debian's Python, which has the same packages (python3-yaml, python3-openpyxl…) installed. */
const NATIVE_PYTHON = "/usr/bin/python3";
const DEMO = join(import.meta.dirname, "../../public/skills/spreadsheet-report");
const work = mkdtempSync(join(tmpdir(), "skillbox-python-packages-"));

const YAML_SKILL = {
  "scripts/config.py": [
    "# /// script",
    '# dependencies = ["PyYAML>=5"]',
    "# ///",
    "import json, sys, yaml",
    "doc = yaml.safe_load(sys.stdin.read() if len(sys.argv) < 2 else sys.argv[1])",
    "print(json.dumps(doc, sort_keys=True, default=str))",
    "print(yaml.safe_dump(doc, sort_keys=True), end='')",
    "print(yaml.__version__, yaml.__with_libyaml__)",
  ].join("\n"),
  "scripts/numpy_stats.py": "import numpy\nprint(numpy.mean([1, 2]))\n",
  "scripts/needs_numpy.py":
    '# /// script\n# dependencies = ["numpy>=2", "pyyaml<6"]\n# ///\nprint("ran")\n',
  "scripts/install.py": 'import asyncio, micropip\nasyncio.run(micropip.install("requests"))\n',
  "scripts/pip_install.py": 'import pip, sys\nsys.exit(pip.main(["install", "requests"]))\n',
  "scripts/plain.py": 'print("standard library only")\n',
};
const YAML_DOC =
  "name: report\nwhen: 2026-12-01\nitems:\n  - {id: 1, tags: [a, b]}\n  - id: 2\n    note: |\n      two lines\n      of text\nratio: 0.5\nenabled: yes\n";

const native = (args: string[], cwd: string) =>
  execFileSync(NATIVE_PYTHON, args, { cwd, encoding: "utf8" });

/** An xlsx's sheet as the native openpyxl reads it: title and every row's values. */
function workbookContents(path: string): string {
  return native(
    [
      "-c",
      "import json, sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\nws = wb.active\nprint(json.dumps({'sheet': ws.title, 'rows': [list(r) for r in ws.iter_rows(values_only=True)], 'bold': [c.font.b for c in ws[2]]}))",
      path,
    ],
    work,
  );
}

async function outputFile(page: Page, url: string): Promise<Uint8Array> {
  const bytes = await page.evaluate(async (u) => {
    const data = await window.skillbox.readOutputFile(u);
    return data ? [...data] : null;
  }, url);
  if (!bytes) throw new Error(`${url} was not stored`);
  return new Uint8Array(bytes);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the deployment's package set, offline", () => {
  let page: Page;
  const run = (skill: string, script: string, args: string[] = []) =>
    runScript(page, skill, script, args) as Promise<RunScriptResult>;

  beforeAll(async () => {
    page = await openApp(browser);
    await installTestSkill(page, "yaml-tools", YAML_SKILL);
    await page.waitForFunction(
      () => document.getElementById("offline-status")?.textContent === "Available offline.",
      null,
      { timeout: 90_000 },
    );
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);
  });
  afterAll(() => page.context().close());

  test("the demo skill writes the same workbook with openpyxl and PyYAML as native python3", async () => {
    for (const [config, out] of [
      ["config/report.yaml", "out/report.xlsx"],
      ["config/by-category.yaml", "out/by-category.xlsx"],
    ] as const) {
      const result = await run("spreadsheet-report", "scripts/build_report.py", [
        config,
        "--out",
        out,
      ]);
      expect(result, result.stderr).toMatchObject({ exit_code: 0, timed_out: false });
      const nativeOut = join(work, out.replace("out/", "native-"));
      const expected = native(
        [join(DEMO, "scripts/build_report.py"), config, "--out", nativeOut],
        DEMO,
      );
      expect(result.stdout).toBe(expected.replace(nativeOut, out));
      const ours = join(work, out.replace("out/", "sandbox-"));
      writeFileSync(ours, await outputFile(page, result.files!.find((url) => url.endsWith(out))!));
      expect(workbookContents(ours)).toBe(workbookContents(nativeOut));
    }
  });

  test("a PyYAML script prints what native python3 with Debian's PyYAML prints", async () => {
    const script = join(work, "config.py");
    writeFileSync(script, YAML_SKILL["scripts/config.py"]);
    const result = await run("yaml-tools", "scripts/config.py", [YAML_DOC]);
    expect(result, result.stderr).toMatchObject({ exit_code: 0 });
    // Debian builds the libyaml accelerator; the wheel leaves it out, as Pyodide's pure path.
    expect(result.stdout).toBe(native([script, YAML_DOC], work).replace(/ True\n$/, " False\n"));
  });

  test("the library reports, per skill, which declared packages this deployment has", async () => {
    const report = await page.evaluate(() => window.skillbox.pythonPackages("yaml-tools"));
    expect(report.available).toEqual([
      "defusedxml 0.7.1",
      "et-xmlfile 1.0.1",
      "openpyxl 3.0.9",
      "pypdf 3.4.1",
      "pyyaml 6.0",
    ]);
    expect(report.declared).toEqual([
      { requirement: "PyYAML>=5", declaredIn: "scripts/config.py", available: "pyyaml 6.0" },
      {
        requirement: "numpy>=2",
        declaredIn: "scripts/needs_numpy.py",
        reason: "not in this deployment's package set",
      },
      {
        requirement: "pyyaml<6",
        declaredIn: "scripts/needs_numpy.py",
        reason: "the package set has pyyaml 6.0",
      },
    ]);
  });

  test("the library panel shows each declared package as available or not", async () => {
    await page
      .locator(".skill-list li", { hasText: "yaml-tools" })
      .getByRole("button", { name: "Details" })
      .click();
    const items = page.locator(".python-packages li");
    await expect
      .poll(() => items.allTextContents())
      .toEqual([
        "PyYAML>=5 (scripts/config.py): available as pyyaml 6.0",
        "numpy>=2 (scripts/needs_numpy.py): not available: not in this deployment's package set",
        "pyyaml<6 (scripts/needs_numpy.py): not available: the package set has pyyaml 6.0",
      ]);
  });

  test("an import the set cannot satisfy keeps the traceback and names the missing package", async () => {
    const result = await run("yaml-tools", "scripts/numpy_stats.py");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toContain("ModuleNotFoundError: No module named 'numpy'\n");
    expect(result.stderr).toContain(
      "skillbox: No module named 'numpy': the package 'numpy' is not in this deployment's Python package set, and scripts cannot install packages here (no network). This deployment's Python package set has: defusedxml 0.7.1, et-xmlfile 1.0.1, openpyxl 3.0.9, pypdf 3.4.1, pyyaml 6.0.\n",
    );
  });

  test("declared requirements the set cannot meet are notes: the script runs", async () => {
    const result = await run("yaml-tools", "scripts/needs_numpy.py");
    expect(result).toMatchObject({ exit_code: 0, stdout: "ran\n" });
    expect(result.sandbox_notes).toEqual([
      "Python packages: numpy>=2: not in this deployment's package set (declared; the script runs without it)",
      "Python packages: pyyaml<6: the package set has pyyaml 6.0 (declared; the script runs without it)",
    ]);
  });

  // Shapes of published skills that were refused before they started, and run natively.
  test("a script's own PEP 723 block wins over requirements.txt; an optional declared import is not required", async () => {
    const skill = {
      "requirements.txt": "httpx>=0.27\njieba\nrapidfuzz\npytest\n",
      "scripts/stdlib_only.py": [
        "# /// script",
        "# dependencies = []",
        "# ///",
        "import json, sys",
        "print(json.dumps({'args': sys.argv[1:]}))",
      ].join("\n"),
      "scripts/optional_yaml.py": [
        "# /// script",
        '# dependencies = ["ruamel.yaml>=0.18"]',
        "# ///",
        "import argparse",
        "try:",
        "    import ruamel.yaml as ryaml",
        "except ImportError:",
        "    ryaml = None",
        "parser = argparse.ArgumentParser(prog='optional_yaml.py', description='Reformats YAML.')",
        "parser.add_argument('--yaml', help='read YAML (needs ruamel.yaml)')",
        "args = parser.parse_args()",
        "print('ruamel.yaml:', 'present' if ryaml else 'absent')",
      ].join("\n"),
    };
    await installTestSkill(page, "declarations", skill);
    const folder = join(work, "declarations");
    mkdirSync(join(folder, "scripts"), { recursive: true });
    for (const [path, text] of Object.entries(skill)) writeFileSync(join(folder, path), text);

    const stdlib = await run("declarations", "scripts/stdlib_only.py", ["a", "b c"]);
    expect(stdlib).toMatchObject({ exit_code: 0 });
    expect(stdlib.stdout).toBe(native(["scripts/stdlib_only.py", "a", "b c"], folder));
    expect(stdlib.sandbox_notes).toBeUndefined();

    const help = await run("declarations", "scripts/optional_yaml.py", ["--help"]);
    expect(help).toMatchObject({ exit_code: 0 });
    expect(help.stdout).toBe(native(["scripts/optional_yaml.py", "--help"], folder));
    expect(help.sandbox_notes).toEqual([
      "Python packages: ruamel.yaml>=0.18: not in this deployment's package set (declared; the script runs without it)",
    ]);
  });

  test("micropip and pip fail as they would offline", async () => {
    const micropip = await run("yaml-tools", "scripts/install.py");
    expect(micropip.exit_code).toBe(1);
    expect(micropip.stderr).toMatch(
      /ValueError: Can't install 'requests': this sandbox has no network/,
    );
    const pip = await run("yaml-tools", "scripts/pip_install.py");
    expect(pip).toMatchObject({ exit_code: 1 });
    expect(pip.stderr).toBe(
      "ERROR: Could not find a version that satisfies the requirement requests (from versions: none)\nERROR: No matching distribution found for requests\n",
    );
  });

  test("packages do not outlive their run: a run that needs none starts without them", async () => {
    const result = await run("yaml-tools", "scripts/plain.py");
    expect(result).toMatchObject({ exit_code: 0, stdout: "standard library only\n" });
    await installTestSkill(page, "probe", {
      "probe.py":
        "import importlib.util, sys\nprint([m for m in ('yaml', 'openpyxl') if importlib.util.find_spec(m)], [m for m in ('yaml', 'openpyxl') if m in sys.modules])\n",
    });
    expect((await run("probe", "probe.py")).stdout).toBe("[] []\n");
  });
});

describe("packages preloaded into the memory snapshot", () => {
  test("runs on restored workers have them imported and their files in place", async () => {
    const server = await startStaticServer();
    writeFileSync(
      join(server.root, "skillbox.config.json"),
      JSON.stringify({ python: { preload: ["pyyaml", "openpyxl"] } }),
    );
    const page = await openApp(browser, "/", server.url);
    await installTestSkill(page, "preloaded", {
      "probe.py":
        "import os, sys\nalready = 'yaml' in sys.modules and 'openpyxl' in sys.modules\nimport yaml, openpyxl\nprint(already, os.path.exists(yaml.__file__), os.path.exists(openpyxl.__file__), yaml.safe_load('a: 1'))\n",
    });
    // The first worker boots in full and makes the snapshot; those after it restore it.
    const outputs = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const result = (await runScript(page, "preloaded", "probe.py")) as RunScriptResult;
      expect(result, result.stderr).toMatchObject({ exit_code: 0 });
      outputs.add(result.stdout);
    }
    expect([...outputs]).toEqual(["True True True {'a': 1}\n"]);
    await page.context().close();
    await server.close();
  });
});

describe("a damaged package set", () => {
  let server: StaticServer;
  let page: Page;
  const run = (script: string) => runScript(page, "yaml-tools", script) as Promise<RunScriptResult>;

  beforeAll(async () => {
    server = await startStaticServer();
    const folder = join(server.root, "python-packages");
    const lock = JSON.parse(readFileSync(join(folder, "pyodide-lock.json"), "utf8"));
    const wheel = join(folder, lock.packages.pyyaml.file_name);
    const bytes = readFileSync(wheel);
    bytes[200] = (bytes[200] ?? 0) ^ 0xff;
    writeFileSync(wheel, bytes);
    rmSync(join(folder, lock.packages.pypdf.file_name));
    page = await openApp(browser, "/", server.url);
    await installTestSkill(page, "yaml-tools", {
      ...YAML_SKILL,
      "scripts/pdf.py": '# /// script\n# dependencies = ["pypdf"]\n# ///\nimport pypdf\n',
      "scripts/xlsx.py": "import openpyxl\nprint(openpyxl.__version__)\n",
    });
  });
  afterAll(async () => {
    await page.context().close();
    await server.close();
  });

  test("a tampered wheel is refused and named; other packages still load", async () => {
    const result = await run("scripts/config.py");
    expect(result).toMatchObject({ exit_code: 1, stdout: "" });
    expect(result.stderr).toMatch(
      /^skillbox: the script's Python packages could not be loaded:\n {2}refused PyYAML-6\.0-py3-none-any\.whl: its sha256 is [0-9a-f]{64}, but the package set's lock says [0-9a-f]{64}\n$/,
    );
    expect(await run("scripts/xlsx.py")).toMatchObject({ exit_code: 0, stdout: "3.0.9\n" });
  });

  test("a lock entry whose file is missing names the file", async () => {
    const result = await run("scripts/pdf.py");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toMatch(/pypdf-3\.4\.1-py3-none-any\.whl could not be fetched: HTTP 404/);
  });

  test("a lock file that does not parse leaves Python with the standard library, and says why", async () => {
    // Another origin, so no service worker holds the good lock file.
    const broken = await startStaticServer();
    writeFileSync(join(broken.root, "python-packages/pyodide-lock.json"), "{ not json");
    const fresh = await openApp(browser, "/", broken.url);
    await installTestSkill(fresh, "stdlib", { "ok.py": 'print("ok")\n', "y.py": "import yaml\n" });
    const ok = (await runScript(fresh, "stdlib", "ok.py")) as RunScriptResult;
    expect(ok).toMatchObject({ exit_code: 0, stdout: "ok\n" });
    expect(ok.sandbox_notes?.join("\n")).toMatch(
      /python-packages\/pyodide-lock\.json is not valid JSON/,
    );
    const missing = (await runScript(fresh, "stdlib", "y.py")) as RunScriptResult;
    expect(missing.stderr).toMatch(
      /This deployment has no Python packages beyond the standard library \(its package set could not be read: .*pyodide-lock\.json is not valid JSON/,
    );
    expect(await runScript(fresh, "stdlib", "ok.py")).toMatchObject({ exit_code: 0 });
    await fresh.context().close();
    await broken.close();
  });
});
