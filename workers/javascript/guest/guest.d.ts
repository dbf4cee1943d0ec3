import type { HostOperationName, HostResults } from "../hostOperationNames";

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
  /** Node's Buffer, a global in every guest file as in Node. */
  const Buffer: typeof import("./modules/buffer.js").Buffer;
}
