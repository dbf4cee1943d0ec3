import type { HostOperationName, HostResults } from "../hostOperationNames";

/** The members of `process` the guest's own modules use (node.js makes the whole object). */
interface GuestProcess {
  nextTick(callback: (...args: unknown[]) => void, ...args: unknown[]): void;
  cwd(): string;
  env: Record<string, string | undefined>;
  platform: string;
  arch: string;
  pid: number;
  emitWarning(warning: unknown, ...details: unknown[]): void;
  [member: string]: unknown;
}

type TimerCallback = (...args: unknown[]) => void;

declare global {
  /** The guest's internals (internals.js), shared by every guest file. */
  const __skillbox: {
    host<Name extends HostOperationName>(operation: Name, ...args: unknown[]): HostResults[Name];
    builtin(name: string): unknown;
    isBuiltin(name: string): boolean;
    [internal: string]: unknown;
  };
  /** Node's errors carry their code and details as own properties. */
  interface Error {
    code?: string | number;
    [detail: string]: unknown;
  }
  /** V8's, which node.js adds to QuickJS's Error. */
  interface ErrorConstructor {
    stackTraceLimit?: number;
  }
  // The Node globals node.js installs, which every guest module may use as Node's own do.
  const Buffer: typeof import("./modules/buffer.js").Buffer;
  const URL: typeof import("./modules/url.js").URL;
  const process: GuestProcess;
  function setTimeout(callback: TimerCallback, delay?: number, ...args: unknown[]): unknown;
  function clearTimeout(timer: unknown): void;
  function setInterval(callback: TimerCallback, delay?: number, ...args: unknown[]): unknown;
  function clearInterval(timer: unknown): void;
  function setImmediate(callback: TimerCallback, ...args: unknown[]): unknown;
  function clearImmediate(timer: unknown): void;
  function queueMicrotask(callback: () => void): void;
}
