/** A Node-style error from the virtual file system (`err.code`, `errno`, `syscall`, `path`). */
export class FsError extends Error {
  constructor(
    readonly code: string,
    readonly syscall: string,
    readonly path: string,
    readonly dest?: string,
  ) {
    super(code);
  }
}

const ERRNO: Readonly<Record<string, [number, string]>> = {
  ENOENT: [-2, "no such file or directory"],
  EEXIST: [-17, "file already exists"],
  ENOTDIR: [-20, "not a directory"],
  EISDIR: [-21, "illegal operation on a directory"],
  ENOTEMPTY: [-39, "directory not empty"],
  EINVAL: [-22, "invalid argument"],
  ENOSPC: [-28, "no space left on device"],
};

/** Node's message for an fs error, e.g. `ENOENT: no such file or directory, open 'x'`. */
export function describeFsError(error: FsError): { message: string; errno: number } {
  const [errno, text] = ERRNO[error.code] ?? [-1, "unknown error"];
  const dest = error.dest === undefined ? "" : ` -> '${error.dest}'`;
  return { message: `${error.code}: ${text}, ${error.syscall} '${error.path}'${dest}`, errno };
}

export interface FsStatInfo {
  type: "file" | "directory";
  size: number;
  mtimeMs: number;
}

/**
 * Decides whether the files may grow to `totalBytes`; false refuses the write (ENOSPC). The run's
 * memory budget covers its files, so the engine decides with the heap in view.
 */
export type FsBudget = (totalBytes: number) => boolean;

/** The run's files, in memory: what the JavaScript runtime's `fs` module works on. */
export class VirtualFs {
  private readonly files = new Map<string, Uint8Array>();
  private readonly dirs = new Set<string>(["/"]);
  private readonly mtimes = new Map<string, number>();
  private totalBytes = 0;

  constructor(private readonly budget: FsBudget = () => true) {}

  /** Bytes the files hold together. */
  get bytes(): number {
    return this.totalBytes;
  }

  /**
   * Every change to a file's bytes goes through here, so the total is always known. The bytes
   * are made only once the budget allows `size` of them.
   */
  private put(path: string, size: number, bytes: () => Uint8Array, syscall: string): void {
    const next = this.totalBytes + size - (this.files.get(path)?.byteLength ?? 0);
    if (next > this.totalBytes && !this.budget(next)) throw new FsError("ENOSPC", syscall, path);
    this.files.set(path, bytes());
    this.totalBytes = next;
  }

  /** Renames never add bytes, so they are never refused. */
  private move(from: string, to: string): void {
    const data = this.files.get(from);
    if (!data) return;
    this.drop(to);
    this.files.delete(from);
    this.files.set(to, data);
  }

  private drop(path: string): boolean {
    const data = this.files.get(path);
    if (!data) return false;
    this.files.delete(path);
    this.totalBytes -= data.byteLength;
    return true;
  }

  private parent(path: string): string {
    const slash = path.lastIndexOf("/");
    return slash <= 0 ? "/" : path.slice(0, slash);
  }

  private touch(path: string): void {
    this.mtimes.set(path, Date.now());
  }

  private requireParent(path: string, syscall: string): void {
    this.requireNoFileAncestor(path, syscall);
    if (!this.dirs.has(this.parent(path))) throw new FsError("ENOENT", syscall, path);
  }

  /** A path that runs through a file (`file.txt/x`) is ENOTDIR, as on a real file system. */
  private requireNoFileAncestor(path: string, syscall: string): void {
    for (let dir = this.parent(path); dir !== "/"; dir = this.parent(dir)) {
      if (this.files.has(dir)) throw new FsError("ENOTDIR", syscall, path);
    }
  }

  mkdirp(path: string): void {
    if (path === "/" || this.dirs.has(path)) return;
    if (this.files.has(path)) throw new FsError("EEXIST", "mkdir", path);
    this.mkdirp(this.parent(path));
    this.dirs.add(path);
    this.touch(path);
  }

  mkdir(path: string, recursive: boolean): boolean {
    this.requireNoFileAncestor(path, "mkdir");
    if (recursive) {
      const existed = this.dirs.has(path);
      this.mkdirp(path);
      return !existed;
    }
    if (this.dirs.has(path) || this.files.has(path)) throw new FsError("EEXIST", "mkdir", path);
    this.requireParent(path, "mkdir");
    this.dirs.add(path);
    this.touch(path);
    return true;
  }

  readFile(path: string): Uint8Array {
    this.requireNoFileAncestor(path, "open");
    if (this.dirs.has(path)) throw new FsError("EISDIR", "read", path);
    const data = this.files.get(path);
    if (!data) throw new FsError("ENOENT", "open", path);
    return data;
  }

  writeFile(path: string, data: Uint8Array, append: boolean, exclusive = false): void {
    if (this.dirs.has(path)) throw new FsError("EISDIR", "open", path);
    this.requireParent(path, "open");
    if (exclusive && this.files.has(path)) throw new FsError("EEXIST", "open", path);
    const existing = append ? this.files.get(path) : undefined;
    if (existing) {
      this.put(
        path,
        existing.byteLength + data.byteLength,
        () => {
          const joined = new Uint8Array(existing.byteLength + data.byteLength);
          joined.set(existing);
          joined.set(data, existing.byteLength);
          return joined;
        },
        "write",
      );
    } else {
      this.put(path, data.byteLength, () => data.slice(), "write");
    }
    this.touch(path);
  }

  stat(path: string): FsStatInfo {
    this.requireNoFileAncestor(path, "stat");
    const mtimeMs = this.mtimes.get(path) ?? 0;
    if (this.dirs.has(path)) return { type: "directory", size: 4096, mtimeMs };
    const data = this.files.get(path);
    if (!data) throw new FsError("ENOENT", "stat", path);
    return { type: "file", size: data.byteLength, mtimeMs };
  }

  exists(path: string): boolean {
    return this.dirs.has(path) || this.files.has(path);
  }

  readdir(path: string): string[] {
    if (this.files.has(path)) throw new FsError("ENOTDIR", "scandir", path);
    if (!this.dirs.has(path)) throw new FsError("ENOENT", "scandir", path);
    const prefix = path === "/" ? "/" : `${path}/`;
    const names = new Set<string>();
    for (const entry of [...this.files.keys(), ...this.dirs]) {
      if (entry !== path && entry.startsWith(prefix))
        names.add(entry.slice(prefix.length).split("/")[0]!);
    }
    return [...names].sort();
  }

  rm(path: string, recursive: boolean, force: boolean, syscall = "rm"): void {
    if (this.drop(path)) return;
    if (!this.dirs.has(path)) {
      if (force) return;
      throw new FsError("ENOENT", syscall === "rm" ? "lstat" : syscall, path);
    }
    if (!recursive) {
      throw syscall === "rmdir"
        ? new FsError("ENOTEMPTY", "rmdir", path)
        : new FsError("EISDIR", syscall, path);
    }
    const prefix = `${path}/`;
    for (const file of [...this.files.keys()]) if (file.startsWith(prefix)) this.drop(file);
    for (const dir of [...this.dirs]) if (dir.startsWith(prefix)) this.dirs.delete(dir);
    this.dirs.delete(path);
  }

  unlink(path: string): void {
    if (this.dirs.has(path)) throw new FsError("EISDIR", "unlink", path);
    if (!this.drop(path)) throw new FsError("ENOENT", "unlink", path);
  }

  rmdir(path: string, recursive: boolean): void {
    if (this.files.has(path)) throw new FsError("ENOTDIR", "rmdir", path);
    if (!this.dirs.has(path)) throw new FsError("ENOENT", "rmdir", path);
    if (!recursive && this.readdir(path).length > 0) throw new FsError("ENOTEMPTY", "rmdir", path);
    this.rm(path, true, false, "rmdir");
  }

  rename(from: string, to: string): void {
    if (!this.exists(from)) throw new FsError("ENOENT", "rename", from, to);
    this.requireParent(to, "rename");
    const data = this.files.get(from);
    if (data) {
      this.move(from, to);
      this.touch(to);
      return;
    }
    const prefix = `${from}/`;
    for (const file of [...this.files.keys()]) {
      if (file.startsWith(prefix)) this.move(file, `${to}/${file.slice(prefix.length)}`);
    }
    for (const dir of [...this.dirs]) {
      if (dir === from || dir.startsWith(prefix)) {
        this.dirs.delete(dir);
        this.dirs.add(to + dir.slice(from.length));
      }
    }
  }

  copyFile(from: string, to: string): void {
    const data = this.files.get(from);
    if (!data) throw new FsError("ENOENT", "copyfile", from, to);
    this.requireParent(to, "copyfile");
    this.put(to, data.byteLength, () => data.slice(), "copyfile");
    this.touch(to);
  }

  /** Every file under `root`, keyed by its path relative to it. */
  /** Every folder below `root`, relative to it (empty ones too). */
  directoriesUnder(root: string): string[] {
    const prefix = `${root}/`;
    return [...this.dirs].filter((d) => d.startsWith(prefix)).map((d) => d.slice(prefix.length));
  }

  filesUnder(root: string): { path: string; data: Uint8Array }[] {
    const prefix = `${root}/`;
    return [...this.files]
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, data]) => ({ path: path.slice(prefix.length), data }));
  }
}
