import type { PyodideAPI } from "pyodide";
import { HEAP_FLOOR_BYTES, memoryExceededNote } from "../shared/memoryBudget";

/** Emscripten's errno for "no space left on device" (Python reads it as errno.ENOSPC). */
const EMSCRIPTEN_ENOSPC = 51;
const WASM_PAGE_BYTES = 65_536;

/** The parts of Emscripten's in-memory file system the budget watches. */
interface FsNode {
  mode: number;
  usedBytes?: number;
  contents?: unknown;
}
interface MemfsStream {
  node: FsNode;
}
type MemfsWrite = (
  stream: MemfsStream,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
  canOwn?: boolean,
) => number;
interface EmscriptenFs {
  root: FsNode;
  isFile(mode: number): boolean;
  isDir(mode: number): boolean;
  ErrnoError: new (errno: number) => Error;
  filesystems: {
    MEMFS: {
      /** `ops_table.file.stream` is what every file node's streams use (made at the first node). */
      ops_table: { file: { stream: { write: MemfsWrite } } } | null;
      /** Sets a file's length (`truncate`, `ftruncate`): a new buffer of the whole size. */
      resizeFileStorage(node: FsNode, newSize: number): void;
    };
  };
}
type PipeTransfer = (
  stream: unknown,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position?: number,
) => number;
/** Emscripten's pipes: their buffered bytes live in JavaScript, outside the interpreter's memory. */
interface Pipefs {
  stream_ops: { read: PipeTransfer; write: PipeTransfer };
}

/** What a file's bytes cost in memory: MEMFS keeps spare capacity past its length. */
function capacityOf(node: FsNode): number {
  const contents = node.contents as { length?: number } | undefined;
  return typeof contents?.length === "number" ? contents.length : 0;
}

function fileBytesUnder(fs: EmscriptenFs, node: FsNode): number {
  if (fs.isFile(node.mode)) return capacityOf(node);
  if (!fs.isDir(node.mode) || typeof node.contents !== "object" || node.contents === null) return 0;
  let total = 0;
  for (const child of Object.values(node.contents as Record<string, FsNode>)) {
    total += fileBytesUnder(fs, child);
  }
  return total;
}

/**
 * One memory budget for a Python run: the interpreter's WebAssembly memory, the bytes its files
 * hold and the bytes waiting in its pipes (both kept outside that memory) together stay under the
 * run's limit. Memory growth past it is refused (Python raises MemoryError), and so is a file
 * write, a file's new length or a pipe write (OSError ENOSPC); either way the sandbox notes it.
 */
export class PythonMemoryBudget {
  private limitBytes = Number.POSITIVE_INFINITY;
  /** Bytes the files hold, counted from writes; recounted exactly before anything is refused. */
  private fileBytes = 0;
  /** Bytes written into pipes and not yet read. */
  private pipeBytes = 0;
  /** Whether `fileBytes` is exact: recounting is a walk of the whole tree, done once per change. */
  private recounted = false;
  private onExceeded: (note: string) => void = () => {};
  private readonly fs: EmscriptenFs;

  constructor(private readonly pyodide: PyodideAPI) {
    this.fs = pyodide.FS as unknown as EmscriptenFs;
    const memfs = this.fs.filesystems.MEMFS.ops_table?.file.stream;
    if (!memfs) throw new Error("Pyodide's in-memory file system is not set up");
    const write = memfs.write;
    const budget = this;
    memfs.write = function (this: unknown, stream, buffer, offset, length, position, canOwn) {
      const grows = position + length - capacityOf(stream.node);
      // Files stop short of the limit by the heap's floor, so the script can still report it.
      if (grows > 0 && !budget.allows(grows + HEAP_FLOOR_BYTES)) {
        throw new budget.fs.ErrnoError(EMSCRIPTEN_ENOSPC);
      }
      const before = capacityOf(stream.node);
      const written = write.call(this, stream, buffer, offset, length, position, canOwn);
      budget.fileBytes += capacityOf(stream.node) - before;
      budget.recounted = false;
      return written;
    };
    const MEMFS = this.fs.filesystems.MEMFS;
    const resize = MEMFS.resizeFileStorage;
    // A file set to a length (`truncate(1 << 30)`) gets a buffer of that length at once: eight
    // of them passed 8 GB before this was counted.
    MEMFS.resizeFileStorage = function (this: unknown, node, newSize) {
      const before = capacityOf(node);
      const grows = newSize - before;
      if (grows > 0 && !budget.allows(grows + HEAP_FLOOR_BYTES)) {
        throw new budget.fs.ErrnoError(EMSCRIPTEN_ENOSPC);
      }
      resize.call(this, node, newSize);
      budget.fileBytes += capacityOf(node) - before;
      budget.recounted = false;
    };
    // A pipe holds what was written until it is read; a write loop with no reader held 5.4 GB.
    const pipes = (pyodide as unknown as { _module: { PIPEFS: Pipefs } })._module.PIPEFS;
    const pipeWrite = pipes.stream_ops.write;
    const pipeRead = pipes.stream_ops.read;
    pipes.stream_ops.write = function (this: unknown, stream, buffer, offset, length, position) {
      if (length > 0 && !budget.allows(length + HEAP_FLOOR_BYTES)) {
        throw new budget.fs.ErrnoError(EMSCRIPTEN_ENOSPC);
      }
      const written = pipeWrite.call(this, stream, buffer, offset, length, position);
      budget.pipeBytes += written;
      return written;
    };
    pipes.stream_ops.read = function (this: unknown, stream, buffer, offset, length, position) {
      const read = pipeRead.call(this, stream, buffer, offset, length, position);
      budget.pipeBytes = Math.max(0, budget.pipeBytes - read);
      return read;
    };
    const grow = WebAssembly.Memory.prototype.grow;
    WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, pages: number) {
      if (!budget.allows(pages * WASM_PAGE_BYTES)) {
        throw new RangeError("the run's memory limit was reached");
      }
      return grow.call(this, pages);
    };
  }

  private wasmBytes(): number {
    const module = (this.pyodide as unknown as { _module: { HEAPU8: Uint8Array } })._module;
    return module.HEAPU8.buffer.byteLength;
  }

  /** Whether `extra` more bytes fit; past the limit, recounts the files once before refusing. */
  private allows(extra: number): boolean {
    const fits = () =>
      this.wasmBytes() + this.fileBytes + this.pipeBytes + extra <= this.limitBytes;
    if (fits()) return true;
    if (!this.recounted) {
      this.fileBytes = fileBytesUnder(this.fs, this.fs.root);
      this.recounted = true;
      if (fits()) return true;
    }
    this.onExceeded(memoryExceededNote("refused", this.limitBytes, this.fileBytes));
    this.onExceeded = () => {};
    return false;
  }

  /** Starts a run's budget; the files already written (the skill's) count against it. */
  start(limitBytes: number, onExceeded: (note: string) => void): void {
    this.limitBytes = Math.max(limitBytes, this.wasmBytes() + HEAP_FLOOR_BYTES);
    this.fileBytes = fileBytesUnder(this.fs, this.fs.root);
    this.pipeBytes = 0;
    this.recounted = true;
    this.onExceeded = onExceeded;
  }
}
