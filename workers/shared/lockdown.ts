import { evalFreeFunction } from "../../src/sandbox/evalFreeFunction";

/**
 * Allow-list lockdown of a worker's global scope, run after the runtime has booted and before any
 * skill code. Deleting globals one by one (a deny-list) leaks: most web APIs live on the
 * prototypes of the global object, and new ones appear with every browser release. So everything
 * not named here is removed from the global object and its prototype chain.
 */
const ECMASCRIPT = [
  "globalThis",
  "Infinity",
  "NaN",
  "undefined",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "escape",
  "unescape",
  "Object",
  "Function",
  "Boolean",
  "Symbol",
  "Error",
  "AggregateError",
  "EvalError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "TypeError",
  "URIError",
  "Number",
  "BigInt",
  "Math",
  "Date",
  "String",
  "RegExp",
  "Array",
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "FinalizationRegistry",
  "ArrayBuffer",
  "SharedArrayBuffer",
  "DataView",
  "Atomics",
  "JSON",
  "Promise",
  "Reflect",
  "Proxy",
  "Intl",
  "Iterator",
  "WebAssembly",
  "SuppressedError",
  "DisposableStack",
  "AsyncDisposableStack",
];

/** Web APIs the runtimes use after boot; none reaches the network, storage or another context. */
const WEB = [
  "self",
  "constructor",
  "console",
  "performance",
  "crypto",
  "TextEncoder",
  "TextDecoder",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "queueMicrotask",
  "structuredClone",
  "atob",
  "btoa",
  "URL",
  "URLSearchParams",
  "Event",
  "EventTarget",
  "DOMException",
  "AbortController",
  "AbortSignal",
];

const ALLOWED = new Set<string>([...ECMASCRIPT, ...WEB]);

export interface LockdownReport {
  removed: string[];
  /** Properties that could not be removed; the caller treats any as a failed boot. */
  kept: string[];
}

function codeGenerationDisabled(): never {
  throw new EvalError("Code generation from strings is disabled in the sandbox");
}

/**
 * Replaces the constructors reachable as `(function(){}).constructor` and kin. `Function` keeps
 * the one eval-free form the Wasmer SDK builds (see evalFreeFunction.ts).
 */
function disableFunctionConstructors(): void {
  const samples = [() => {}, async () => {}, function* () {}, async function* () {}];
  for (const sample of samples) {
    const prototype = Object.getPrototypeOf(sample) as object;
    const original = (prototype as { constructor: unknown }).constructor as { prototype: unknown };
    const replacement: { prototype: unknown } =
      sample === samples[0]
        ? evalFreeFunction(codeGenerationDisabled)
        : () => {
            codeGenerationDisabled();
          };
    replacement.prototype = original.prototype;
    Object.defineProperty(prototype, "constructor", {
      value: replacement,
      writable: false,
      configurable: false,
    });
    if (sample === samples[0]) {
      Object.defineProperty(globalThis, "Function", {
        value: replacement,
        writable: false,
        configurable: false,
      });
    }
  }
}

/** Non-configurable constants (e.g. `TEMPORARY`) cannot be deleted and reach nothing. */
function isInertConstant(scope: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(scope, key);
  const value: unknown = descriptor?.value;
  return (
    descriptor !== undefined &&
    !descriptor.get &&
    (value === null || (typeof value !== "object" && typeof value !== "function"))
  );
}

/** Timers that refuse a string handler: a string would be compiled, i.e. eval by another name. */
function functionOnlyTimers(): void {
  for (const name of ["setTimeout", "setInterval"] as const) {
    const original = globalThis[name];
    const guarded = (handler: unknown, ...rest: unknown[]) => {
      if (typeof handler !== "function") {
        throw new TypeError(`${name} needs a function; strings are not evaluated in the sandbox`);
      }
      return (original as (...args: unknown[]) => number)(handler, ...rest);
    };
    Object.defineProperty(globalThis, name, {
      value: guarded,
      writable: false,
      configurable: false,
    });
  }
}

export function lockdown(keepGlobals: readonly string[] = []): LockdownReport {
  const allowed = new Set([...ALLOWED, ...keepGlobals]);
  const report: LockdownReport = { removed: [], kept: [] };
  const scopes: object[] = [];
  for (
    let o: object | null = globalThis;
    o && o !== Object.prototype;
    o = Object.getPrototypeOf(o)
  ) {
    if (o === EventTarget.prototype) break;
    scopes.push(o);
  }
  for (const scope of scopes) {
    for (const key of Reflect.ownKeys(scope)) {
      if (typeof key === "symbol" || allowed.has(key)) continue;
      if (Reflect.deleteProperty(scope, key)) {
        report.removed.push(key);
      } else if (!isInertConstant(scope, key)) {
        report.kept.push(key);
      }
    }
  }
  disableFunctionConstructors();
  functionOnlyTimers();
  return report;
}
