// node:assert
class AssertionError extends Error {
  constructor(options) {
    const { message, actual, expected, operator } = options;
    super(
      message ??
        `${require("util").inspect(actual)} ${operator} ${require("util").inspect(expected)}`,
    );
    this.name = "AssertionError";
    this.code = "ERR_ASSERTION";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    this.generatedMessage = message === undefined;
  }
}

function deepEqual(a, b, strict, seen = new Map()) {
  if (strict ? Object.is(a, b) : a == b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) {
      if (!b.has(v) && ![...b].some((w) => deepEqual(v, w, strict, seen))) return false;
    }
    return true;
  }
  if (a instanceof Error && b instanceof Error && (a.message !== b.message || a.name !== b.name))
    return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key) || !deepEqual(a[key], b[key], strict, seen)) return false;
  }
  return true;
}

function fail(actual, expected, message, operator) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message, actual, expected, operator });
}

function ok(value, message) {
  if (!value) {
    fail(
      value,
      true,
      message ??
        (arguments.length === 0
          ? "No value argument passed to `assert.ok()`"
          : "The expression evaluated to a falsy value:\n\n  assert.ok(" +
            require("util").inspect(value) +
            ")\n"),
      "==",
    );
  }
}

function matches(error, expected) {
  if (expected === undefined) return true;
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && error instanceof expected) return true;
    if (Error.isPrototypeOf(expected)) return false;
    return expected.call({}, error) === true;
  }
  if (expected instanceof RegExp) return expected.test(String(error));
  if (typeof expected === "object") {
    return Object.keys(expected).every((key) =>
      expected[key] instanceof RegExp && typeof error[key] === "string"
        ? expected[key].test(error[key])
        : deepEqual(error[key], expected[key], true),
    );
  }
  return false;
}

const assert = (value, message) => ok(value, message);
Object.assign(assert, {
  AssertionError,
  ok,
  fail(message = "Failed") {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message, operator: "fail" });
  },
  equal(actual, expected, message) {
    if (!(actual == expected || (Number.isNaN(actual) && Number.isNaN(expected))))
      fail(actual, expected, message, "==");
  },
  notEqual(actual, expected, message) {
    if (actual == expected) fail(actual, expected, message, "!=");
  },
  strictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) {
      fail(
        actual,
        expected,
        message ??
          `Expected values to be strictly equal:\n\n${require("util").inspect(actual)} !== ${require("util").inspect(expected)}\n`,
        "strictEqual",
      );
    }
  },
  notStrictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) fail(actual, expected, message, "notStrictEqual");
  },
  deepEqual(actual, expected, message) {
    if (!deepEqual(actual, expected, false)) fail(actual, expected, message, "deepEqual");
  },
  deepStrictEqual(actual, expected, message) {
    if (!deepEqual(actual, expected, true)) {
      fail(
        actual,
        expected,
        message ?? "Expected values to be strictly deep-equal",
        "deepStrictEqual",
      );
    }
  },
  notDeepStrictEqual(actual, expected, message) {
    if (deepEqual(actual, expected, true)) fail(actual, expected, message, "notDeepStrictEqual");
  },
  notDeepEqual(actual, expected, message) {
    if (deepEqual(actual, expected, false)) fail(actual, expected, message, "notDeepEqual");
  },
  throws(fn, expected, message) {
    if (typeof expected === "string") {
      message = expected;
      expected = undefined;
    }
    try {
      fn();
    } catch (error) {
      if (!matches(error, expected)) throw error;
      return;
    }
    fail(undefined, expected, message ?? "Missing expected exception.", "throws");
  },
  doesNotThrow(fn, message) {
    try {
      fn();
    } catch (error) {
      fail(
        error,
        undefined,
        message ?? `Got unwanted exception.\nActual message: "${error?.message}"`,
        "doesNotThrow",
      );
    }
  },
  async rejects(promiseOrFn, expected, message) {
    try {
      await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
    } catch (error) {
      if (!matches(error, expected)) throw error;
      return;
    }
    fail(undefined, expected, message ?? "Missing expected rejection.", "rejects");
  },
  async doesNotReject(promiseOrFn, message) {
    try {
      await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
    } catch (error) {
      fail(error, undefined, message ?? "Got unwanted rejection.", "doesNotReject");
    }
  },
  match(string, regexp, message) {
    if (!regexp.test(string))
      fail(
        string,
        regexp,
        message ??
          `The input did not match the regular expression ${regexp}. Input:\n\n${require("util").inspect(string)}\n`,
        "match",
      );
  },
  doesNotMatch(string, regexp, message) {
    if (regexp.test(string)) fail(string, regexp, message, "doesNotMatch");
  },
  ifError(value) {
    if (value !== null && value !== undefined) throw value;
  },
  __deepEqual: deepEqual,
});
/**
 * assert.CallTracker: wraps functions that must be called an exact number of times; verify()
 * throws one AssertionError naming each that was not.
 */
let callTrackerWarned = false;
class CallTracker {
  constructor() {
    if (!callTrackerWarned) {
      callTrackerWarned = true;
      process.emitWarning("assert.CallTracker is deprecated.", "DeprecationWarning", "DEP0173");
    }
    Object.defineProperty(this, "_tracked", { value: [] });
  }
  calls(fn = () => {}, exact = 1) {
    if (typeof fn === "number") [fn, exact] = [() => {}, fn];
    const record = { fn, exact, calls: [] };
    const wrapper = function (...args) {
      record.calls.push({ thisArg: this, arguments: args });
      return fn.apply(this, args);
    };
    Object.defineProperty(wrapper, "length", { value: fn.length });
    Object.defineProperty(wrapper, "name", { value: fn.name });
    record.wrapper = wrapper;
    this._tracked.push(record);
    return wrapper;
  }
  _record(wrapper) {
    const record = this._tracked.find((r) => r.wrapper === wrapper);
    if (!record) {
      const error = new TypeError("This function does not belong to this tracker");
      error.code = "ERR_INVALID_ARG_VALUE";
      throw error;
    }
    return record;
  }
  getCalls(wrapper) {
    return this._record(wrapper).calls.map((call) => ({ ...call }));
  }
  reset(wrapper) {
    const records = wrapper === undefined ? this._tracked : [this._record(wrapper)];
    for (const record of records) record.calls.length = 0;
  }
  report() {
    return this._tracked
      .filter((r) => r.calls.length !== r.exact)
      .map((r) => ({
        message: `Expected the ${r.fn.name || "calls"} function to be executed ${r.exact} time(s) but was executed ${r.calls.length} time(s).`,
        actual: r.calls.length,
        expected: r.exact,
        operator: r.fn.name || "calls",
        stack: new Error(),
      }));
  }
  verify() {
    const failures = this.report();
    if (failures.length === 0) return;
    const message =
      failures.length === 1
        ? failures[0].message
        : [
            "Functions were not called the expected number of times",
            ...failures.map((f) => f.message),
          ].join("\n");
    throw new AssertionError({ message, operator: "verify" });
  }
}

assert.CallTracker = CallTracker;
assert.strict = assert;
module.exports = assert;
