import { join } from "node:path";
import { loadPyodide, type PyodideAPI } from "pyodide";

const PYODIDE_DIR = join(import.meta.dirname, "../../node_modules/pyodide");
const WORK_DIR = "/bytecode";

/**
 * Where a module's bytecode goes: `pycache` is PEP 3147's `__pycache__/NAME.cpython-XY.pyc`, which
 * the path finder reads in site-packages; `beside` is `NAME.pyc` next to `NAME.py`, the only place
 * `zipimport` looks inside a zip.
 */
export type BytecodeLayout = "pycache" | "beside";

/**
 * Compiles the sources written under `work_dir` to unchecked-hash pycs (PEP 552: read without
 * stat-ing or hashing the source, so a zip's or wheel's own checks must cover them). Skips a module
 * whose bytecode path is already taken and one that does not compile (a Python 2 leftover), as
 * pip's compileall does. Returns the pycs' paths, as JSON.
 */
const COMPILE_SOURCES = `
import importlib.util, json, py_compile

def compile_sources(work_dir, sources_json, taken_json, layout, shown_prefix):
    taken = set(json.loads(taken_json))
    compiled = []
    for path in json.loads(sources_json):
        cache = importlib.util.cache_from_source(path) if layout == "pycache" else path + "c"
        if cache in taken:
            continue
        try:
            py_compile.compile(f"{work_dir}/{path}", cfile=f"{work_dir}/{cache}",
                               dfile=shown_prefix + path, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        except py_compile.PyCompileError:
            continue
        compiled.append(cache)
    return json.dumps(compiled)

compile_sources
`;

type CompileSources = (
  workDir: string,
  sourcesJson: string,
  takenJson: string,
  layout: BytecodeLayout,
  shownPrefix: string,
) => string;

let compiler: Promise<{ pyodide: PyodideAPI; compileSources: CompileSources }> | undefined;
/** The pinned Pyodide, in Node: its CPython writes the bytecode the sandbox's CPython reads. */
const pinnedPython = () => {
  compiler ??= loadPyodide({ indexURL: `${PYODIDE_DIR}/` }).then((pyodide) => ({
    pyodide,
    compileSources: pyodide.runPython(COMPILE_SOURCES) as CompileSources,
  }));
  return compiler;
};

/** Which files `compileModules` compiles, and what their code objects name them. */
export interface CompileOptions {
  layout: BytecodeLayout;
  /** Which `.py` files are modules (default: all). */
  isModule?: (path: string) => boolean;
  /** Prefixed to each path as the file name tracebacks show, where no loader corrects it. */
  shownPrefix?: string;
}

/**
 * Compiles the modules among `files` (paths relative to a folder on `sys.path`, or to a zip on
 * it) with the pinned Pyodide's CPython, and returns the bytecode files to add to them.
 */
export async function compileModules(
  files: Record<string, Uint8Array>,
  { layout, isModule = () => true, shownPrefix = "" }: CompileOptions,
): Promise<Record<string, Uint8Array>> {
  const { pyodide, compileSources } = await pinnedPython();
  const sources = Object.keys(files).filter((path) => path.endsWith(".py") && isModule(path));
  for (const path of sources) {
    const full = `${WORK_DIR}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, files[path]!);
  }
  try {
    const compiled = JSON.parse(
      compileSources(
        WORK_DIR,
        JSON.stringify(sources),
        JSON.stringify(Object.keys(files)),
        layout,
        shownPrefix,
      ),
    ) as string[];
    return Object.fromEntries(
      compiled.map((path) => [
        path,
        pyodide.FS.readFile(`${WORK_DIR}/${path}`) as Uint8Array<ArrayBuffer>,
      ]),
    );
  } finally {
    pyodide.runPython(`import shutil; shutil.rmtree("${WORK_DIR}", ignore_errors=True)`);
  }
}

/** Where the pinned Pyodide mounts its standard library zip (`/lib/python3XY.zip`). */
export async function standardLibraryZipPath(): Promise<string> {
  const { pyodide } = await pinnedPython();
  return pyodide.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]") as string;
}
