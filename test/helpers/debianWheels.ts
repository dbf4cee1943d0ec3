import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { zipSync } from "fflate";
import { normalizePackageName } from "../../src/python/packageLock";

const DIST_PACKAGES = "/usr/lib/python3/dist-packages";

/** A pure-Python package Debian installs, to be repackaged as a wheel. */
interface DebianPython {
  debianPackage: string;
  distribution: string;
  modules: string[];
  requires: string[];
}

/**
 * Debian's pure-Python packages the tests repackage as wheels (`.ci/run` installs them); their
 * `Requires-Dist` as upstream declares it, markers included, so resolution is exercised.
 */
export const DEBIAN_PYTHON_PACKAGES: readonly DebianPython[] = [
  { debianPackage: "python3-yaml", distribution: "PyYAML", modules: ["yaml"], requires: [] },
  {
    debianPackage: "python3-et-xmlfile",
    distribution: "et_xmlfile",
    modules: ["et_xmlfile"],
    requires: [],
  },
  {
    debianPackage: "python3-openpyxl",
    distribution: "openpyxl",
    modules: ["openpyxl"],
    requires: ["et_xmlfile"],
  },
  {
    debianPackage: "python3-pypdf",
    distribution: "pypdf",
    modules: ["pypdf"],
    requires: [
      "typing_extensions >= 3.10.0.0; python_version < '3.10'",
      'PyCryptodome ; extra == "crypto"',
    ],
  },
  {
    debianPackage: "python3-defusedxml",
    distribution: "defusedxml",
    modules: ["defusedxml"],
    requires: [],
  },
];

export interface BuiltWheel {
  name: string;
  version: string;
  fileName: string;
  data: Uint8Array;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === "__pycache__") return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function installedVersion(distribution: string): string {
  const wanted = normalizePackageName(distribution);
  for (const name of readdirSync(DIST_PACKAGES)) {
    const match = /^(.+)-([^-]+)\.(?:dist|egg)-info$/.exec(name);
    if (match && normalizePackageName(match[1]!) === wanted) return match[2]!;
  }
  throw new Error(`${distribution} is not installed under ${DIST_PACKAGES}`);
}

const recordHash = (data: Uint8Array) =>
  `sha256=${Buffer.from(sha256(data)).toString("base64url")}`;

/**
 * A wheel of one Debian package: its modules (compiled accelerators left out, so it is pure
 * Python), METADATA, WHEEL, top_level.txt, Debian's copyright file as the licence, and RECORD.
 */
export function debianWheel(spec: DebianPython): BuiltWheel {
  const version = installedVersion(spec.distribution);
  const distInfo = `${spec.distribution}-${version}.dist-info`;
  const files: Record<string, Uint8Array> = {};
  for (const module of spec.modules) {
    for (const path of filesUnder(join(DIST_PACKAGES, module))) {
      if (!path.endsWith(".so")) files[relative(DIST_PACKAGES, path)] = readFileSync(path);
    }
  }
  const text = (value: string) => new TextEncoder().encode(value);
  files[`${distInfo}/METADATA`] = text(
    [
      "Metadata-Version: 2.1",
      `Name: ${spec.distribution}`,
      `Version: ${version}`,
      "License-File: copyright",
      ...spec.requires.map((requirement) => `Requires-Dist: ${requirement}`),
      "",
      `Repackaged from Debian's ${spec.debianPackage} for tests.`,
      "",
    ].join("\n"),
  );
  files[`${distInfo}/WHEEL`] = text(
    "Wheel-Version: 1.0\nGenerator: skillbox-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
  );
  files[`${distInfo}/top_level.txt`] = text(`${spec.modules.join("\n")}\n`);
  files[`${distInfo}/licenses/copyright`] = readFileSync(
    `/usr/share/doc/${spec.debianPackage}/copyright`,
  );
  const record = Object.entries(files).map(
    ([path, data]) => `${path},${recordHash(data)},${data.length}`,
  );
  files[`${distInfo}/RECORD`] = text(`${[...record, `${distInfo}/RECORD,,`].join("\n")}\n`);
  const fixedTime = new Date("2020-01-01T00:00:00Z");
  const data = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([path, bytes]) => [path, [bytes, { mtime: fixedTime }]]),
    ),
  );
  return {
    name: spec.distribution,
    version,
    fileName: `${spec.distribution}-${version}-py3-none-any.whl`,
    data,
  };
}

export function debianWheels(): BuiltWheel[] {
  return DEBIAN_PYTHON_PACKAGES.map(debianWheel);
}
