import { describe, expect, test } from "vitest";
import type { PackageLock } from "../../src/python/packageLock";
import { parsePackageLock } from "../../src/python/packageLock";
import { declaredPackages, planPackages, preloadPlan } from "../../src/python/packagePlan";
import { decodePreload, encodePreload } from "../../src/python/preloadBundle";
import {
  importedModules,
  inlineScriptRequirements,
  markerHolds,
  parseRequirement,
  pyodideMarkerEnvironment,
  requirementsFileRequirements,
} from "../../src/python/requirements";

const env = pyodideMarkerEnvironment("3.14.2");
const entry = (name: string, version: string, imports: string[], depends: string[] = []) => ({
  name,
  version,
  file_name: `${name}-${version}-py3-none-any.whl`,
  sha256: "0".repeat(64),
  imports,
  depends,
  install_dir: "site",
  package_type: "package",
});
const LOCK: PackageLock = {
  info: { python: "3.14.2" },
  packages: {
    pyyaml: entry("pyyaml", "6.0", ["yaml"]),
    openpyxl: entry("openpyxl", "3.0.9", ["openpyxl"], ["et-xmlfile"]),
    "et-xmlfile": entry("et-xmlfile", "1.0.1", ["et_xmlfile"]),
    pypdf: entry("pypdf", "3.4.1", ["pypdf"]),
  },
};
const files = (entries: Record<string, string>) =>
  new Map(Object.entries(entries).map(([path, text]) => [path, new TextEncoder().encode(text)]));
const planned = (plan: ReturnType<typeof planPackages>) =>
  plan.packages.map(({ entry: e, required }) => `${e.name}${required ? "!" : "?"}`);

describe("requirements", () => {
  test("PEP 508 requirements: names normalized, specifiers and markers kept", () => {
    expect(parseRequirement("PyYAML >= 5.1, <7 ; python_version >= '3.8'")).toEqual({
      text: "PyYAML >= 5.1, <7 ; python_version >= '3.8'",
      name: "pyyaml",
      specifier: ">=5.1,<7",
      marker: "python_version >= '3.8'",
    });
    expect(parseRequirement("requests[socks]==2.31.0")?.specifier).toBe("==2.31.0");
    expect(parseRequirement("not a requirement!")).toBeUndefined();
  });

  test("markers evaluate against Pyodide's environment, and a garbled one is an error", () => {
    expect(markerHolds("python_version < '3.10'", env)).toBe(false);
    expect(markerHolds('sys_platform == "emscripten" and python_version >= "3.12"', env)).toBe(
      true,
    );
    expect(
      markerHolds('(os_name == "nt" or platform_machine == "wasm32") and extra == ""', env),
    ).toBe(true);
    expect(markerHolds('extra == "crypto"', env)).toBe(false);
    expect(markerHolds("'linux' in sys_platform", env)).toBe(false);
    expect(() => markerHolds("python_version <", env)).toThrow();
    expect(() => markerHolds("colour == 'red'", env)).toThrow(/unknown marker value "colour"/);
  });

  test("PEP 723 blocks, requirements.txt and imports are read", () => {
    const script =
      '# /// script\n# requires-python = ">=3.10"\n# dependencies = [\n#   "pyyaml>=5",\n#   "openpyxl",\n# ]\n# ///\nimport os, yaml as y\nfrom openpyxl.styles import Font\nfrom . import local\n  import json  # indented\n';
    expect(inlineScriptRequirements(script, "s.py").requirements.map((r) => r.name)).toEqual([
      "pyyaml",
      "openpyxl",
    ]);
    expect([...importedModules(script)].sort()).toEqual(["json", "openpyxl", "os", "yaml"]);
    expect(
      inlineScriptRequirements("# /// script\n# dependencies = [\n# ///\n", "bad.py").problems[0],
    ).toMatch(/^bad\.py: .*not valid TOML/);
    const text =
      "# comment\npyyaml>=6  # inline\n-r other.txt\n--index-url https://x\nhttps://example.com/a.whl\n!!\n";
    const declared = requirementsFileRequirements(text, "requirements.txt");
    expect(declared.requirements.map((r) => r.text)).toEqual(["pyyaml>=6"]);
    expect(declared.problems).toEqual(['requirements.txt: "!!" is not a requirement']);
  });
});

describe("package plans", () => {
  test("declared packages are required, with their dependencies first", () => {
    const plan = planPackages(
      LOCK,
      files({ "s.py": '# /// script\n# dependencies = ["openpyxl>=3"]\n# ///\n' }),
      "s.py",
      env,
    );
    expect(planned(plan)).toEqual(["et-xmlfile!", "openpyxl!"]);
    expect(plan.unsatisfied).toEqual([]);
  });

  test("imports of the script and of the skill modules it imports are loaded, others not", () => {
    const skill = files({
      "scripts/run.py": "import helpers\n",
      "scripts/helpers.py": "import yaml\n",
      "scripts/other.py": "import pypdf\n",
      "requirements.txt": "",
    });
    expect(planned(planPackages(LOCK, skill, "scripts/run.py", env))).toEqual(["pyyaml?"]);
    // A shell script may run any of them.
    expect(planned(planPackages(LOCK, skill, "scripts/run.sh", env)).sort()).toEqual([
      "pypdf?",
      "pyyaml?",
    ]);
  });

  test("what the set cannot satisfy is named with the reason; markers that do not hold are skipped", () => {
    const skill = files({
      "requirements.txt": "numpy\npyyaml<6\ntyping_extensions; python_version < '3.10'\n",
      "s.py": "",
    });
    expect(planPackages(LOCK, skill, "s.py", env).unsatisfied).toEqual([
      "numpy: not in this deployment's package set",
      "pyyaml<6: the package set has pyyaml 6.0",
    ]);
    expect(declaredPackages(LOCK, skill, env)).toEqual([
      {
        requirement: "numpy",
        declaredIn: "requirements.txt",
        reason: "not in this deployment's package set",
      },
      {
        requirement: "pyyaml<6",
        declaredIn: "requirements.txt",
        reason: "the package set has pyyaml 6.0",
      },
    ]);
  });

  test("a script's own PEP 723 block wins over requirements.txt, which applies only without one", () => {
    const skill = files({
      "requirements.txt": "numpy\nopenpyxl\n",
      "scripts/own_block.py": "# /// script\n# dependencies = []\n# ///\nimport json\n",
      "scripts/declares_yaml.py": '# /// script\n# dependencies = ["pyyaml"]\n# ///\n',
      "scripts/no_block.py": "import json\n",
    });
    const own = planPackages(LOCK, skill, "scripts/own_block.py", env);
    expect(planned(own)).toEqual([]);
    expect(own.unsatisfied).toEqual([]);
    expect(planned(planPackages(LOCK, skill, "scripts/declares_yaml.py", env))).toEqual([
      "pyyaml!",
    ]);
    const without = planPackages(LOCK, skill, "scripts/no_block.py", env);
    expect(planned(without)).toEqual(["et-xmlfile!", "openpyxl!"]);
    expect(without.unsatisfied).toEqual(["numpy: not in this deployment's package set"]);
  });

  test("a dependency missing from the lock makes a required package unsatisfied", () => {
    const broken: PackageLock = { ...LOCK, packages: { openpyxl: LOCK.packages.openpyxl! } };
    const plan = planPackages(
      broken,
      files({ "requirements.txt": "openpyxl", "s.py": "" }),
      "s.py",
      env,
    );
    expect(plan.unsatisfied).toEqual([
      "openpyxl needs et-xmlfile, which is not in this deployment's package set",
    ]);
    expect(preloadPlan(LOCK, ["OpenPyXL", "nope"]).unsatisfied).toEqual([
      "nope: not in this deployment's package set",
    ]);
  });

  test("lock files that do not parse name the file and the problem", () => {
    expect(() => parsePackageLock("{", "set/pyodide-lock.json")).toThrow(
      /^set\/pyodide-lock\.json is not valid JSON/,
    );
    expect(() =>
      parsePackageLock(
        JSON.stringify({ packages: { x: { ...entry("x", "1", []), sha256: "abc" } } }),
        "l.json",
      ),
    ).toThrow(
      /l\.json is not a package lock: packages\.x\.sha256: must be 64 lowercase hex digits/,
    );
    expect(() =>
      parsePackageLock(
        JSON.stringify({ packages: { x: { ...entry("x", "1", []), file_name: "../x.whl" } } }),
        "l.json",
      ),
    ).toThrow(/file_name: must be a file name/);
  });

  test("the preload asset round-trips wheels and their descriptions", () => {
    const packages = [
      {
        info: { name: "a", fileName: "a.whl", sha256: "1".repeat(64), imports: ["a"] },
        data: new Uint8Array([1, 2, 3]),
      },
      {
        info: { name: "b", fileName: "b.whl", sha256: "2".repeat(64), imports: [] },
        data: new Uint8Array([9]),
      },
    ];
    const decoded = decodePreload(encodePreload(packages));
    expect(decoded.map(({ info, data }) => ({ info, data: [...data] }))).toEqual(
      packages.map(({ info, data }) => ({ info, data: [...data] })),
    );
  });
});
