import { unzipSync } from "fflate";
import { parseRequirement, type Requirement } from "../../src/python/requirements.ts";

/** What a wheel's name and `.dist-info` say about it. */
export interface WheelInfo {
  name: string;
  version: string;
  fileName: string;
  /** `Requires-Dist`, markers not yet evaluated. */
  requires: Requirement[];
  /** Top-level modules it installs. */
  imports: string[];
}

/** PEP 427: `{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl`. */
const WHEEL_NAME = /^([^-]+)-([^-]+)(?:-\d[^-]*)?-([^-]+)-([^-]+)-([^-]+)\.whl$/;

/**
 * Whether a wheel can run on Pyodide: pure Python for Python 3, or built for Emscripten's
 * WebAssembly platform (Pyodide's own wheels).
 */
export function runsOnPyodide(fileName: string): boolean {
  const match = WHEEL_NAME.exec(fileName);
  if (!match) return false;
  const [, , , python, abi, platform] = match;
  const pure =
    platform === "any" && abi === "none" && python!.split(".").some((tag) => tag.startsWith("py3"));
  return pure || /(emscripten|pyodide)_.*wasm32/.test(platform!);
}

function metadataField(metadata: string, field: string): string[] {
  const values: string[] = [];
  for (const line of metadata.split(/\r?\n/)) {
    if (line === "") break;
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).toLowerCase() === field.toLowerCase()) {
      values.push(line.slice(colon + 1).trim());
    }
  }
  return values;
}

/** Reads a wheel's metadata; the error names the file. */
export function readWheel(fileName: string, data: Uint8Array): WheelInfo {
  if (!WHEEL_NAME.test(fileName)) throw new Error(`${fileName}: not a wheel file name (PEP 427)`);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(data, {
      filter: (file) =>
        /^[^/]+\.dist-info\/(METADATA|top_level\.txt)$/.test(file.name) ||
        !file.name.includes("/") ||
        /^[^/]+\/__init__\.py$/.test(file.name),
    });
  } catch (error) {
    throw new Error(`${fileName}: not a readable zip archive (${(error as Error).message})`);
  }
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const metadataPath = Object.keys(entries).find((path) => path.endsWith(".dist-info/METADATA"));
  if (!metadataPath) throw new Error(`${fileName}: has no .dist-info/METADATA`);
  const metadata = decode(entries[metadataPath]!);
  const name = metadataField(metadata, "Name")[0];
  const version = metadataField(metadata, "Version")[0];
  if (!name || !version) throw new Error(`${fileName}: METADATA names no Name or Version`);
  const requires = metadataField(metadata, "Requires-Dist").map((text) => {
    const requirement = parseRequirement(text);
    if (!requirement) throw new Error(`${fileName}: cannot read Requires-Dist "${text}"`);
    return requirement;
  });
  const topLevel = Object.keys(entries).find((path) => path.endsWith(".dist-info/top_level.txt"));
  const imports = topLevel
    ? decode(entries[topLevel]!)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : Object.keys(entries).flatMap((path) => {
        if (path.endsWith("/__init__.py")) return [path.split("/")[0]!];
        const module = /^([A-Za-z_]\w*)(?:\.py|\..*\.so)$/.exec(path)?.[1];
        return module ? [module] : [];
      });
  return { name, version, fileName, requires, imports: [...new Set(imports)].sort() };
}
