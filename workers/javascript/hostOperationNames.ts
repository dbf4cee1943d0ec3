/**
 * The guest's doors out of QuickJS: every operation the guest layer calls through `__host`. The
 * worker's table implements exactly these (its type says so) and a unit test checks that the
 * guest's sources call exactly these.
 */
export const HOST_OPERATION_NAMES = [
  "write",
  "readFile",
  "writeFile",
  "stat",
  "statfs",
  "exists",
  "readdir",
  "mkdir",
  "rm",
  "unlink",
  "rmdir",
  "rename",
  "copyFile",
  "utf8Encode",
  "utf8Decode",
  "hash",
  "randomBytes",
  "randomUUID",
  "hmac",
  "aes",
  "aesGcmTag",
  "promiseState",
  "urlParse",
  "intl",
  "zlib",
  "crc32",
  "now",
  "timer",
  "clearTimer",
  "refTimer",
  "exit",
  "stdin",
  "childRunSync",
  "childStart",
  "compile",
  "evalModule",
] as const;

export type HostOperationName = (typeof HOST_OPERATION_NAMES)[number];

/** What each host operation gives the guest. */
export interface HostResults {
  write: undefined;
  readFile: ArrayBuffer;
  writeFile: undefined;
  /** JSON of the file's stat fields. */
  stat: string;
  /** JSON of the run's file space: the memory budget and what the files take of it. */
  statfs: string;
  exists: boolean;
  /** JSON of the folder's entries. */
  readdir: string;
  mkdir: boolean;
  rm: undefined;
  unlink: undefined;
  rmdir: undefined;
  rename: undefined;
  copyFile: undefined;
  utf8Encode: ArrayBuffer;
  utf8Decode: string;
  hash: ArrayBuffer;
  randomBytes: ArrayBuffer;
  randomUUID: string;
  hmac: ArrayBuffer;
  /** Whole blocks through AES in ECB, CBC or CTR, without padding (the guest pads). */
  aes: ArrayBuffer;
  /** The 16-byte GCM tag of a plaintext with its additional data. */
  aesGcmTag: ArrayBuffer;
  promiseState: { state: "pending" | "fulfilled" | "rejected"; result?: unknown };
  /** JSON of the URL's parts. */
  urlParse: string;
  /** JSON of the answer. */
  intl: string;
  zlib: ArrayBuffer;
  crc32: number;
  now: number;
  timer: undefined;
  clearTimer: undefined;
  refTimer: undefined;
  exit: undefined;
  stdin: ArrayBuffer;
  /** JSON of the child's outcome, or null where the page cannot wait for one. */
  childRunSync: string | null;
  childStart: boolean;
  /** The value of the compiled code: the guest compiles function expressions. */
  compile: (...args: unknown[]) => unknown;
  evalModule: unknown;
}
