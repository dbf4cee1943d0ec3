// Intl for the guest: QuickJS has none, so each formatter forwards to the worker's own ICU
// (workers/javascript/intlBridge.ts) by kind, locales and options.
{
  const { host } = __skillbox;

  /** JSON cannot hold NaN, ±Infinity, -0 or BigInt: those travel as text. */
  const wire = (value) =>
    typeof value === "bigint" ||
    (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0)))
      ? Object.is(value, -0)
        ? "-0"
        : String(value)
      : value;

  const call = (kind, locales, options, method, args = []) =>
    JSON.parse(
      host(
        "intl",
        kind,
        JSON.stringify(locales ?? null),
        JSON.stringify(options ?? null),
        method,
        JSON.stringify(args.map(wire)),
      ),
    );

  /** A formatter class whose instances remember their configuration and check it at once. */
  function formatterClass(kind, methods, bound) {
    class Formatter {
      constructor(locales, options) {
        this._locales = locales;
        this._options = options;
        this._resolved = call(kind, locales, options, "resolvedOptions");
      }
      resolvedOptions() {
        return { ...this._resolved };
      }
      static supportedLocalesOf(locales, options) {
        return call(kind, locales, options, "supportedLocalesOf");
      }
    }
    for (const method of methods) {
      Formatter.prototype[method] = function (...args) {
        return call(kind, this._locales, this._options, method, args);
      };
    }
    // format and compare are getters returning bound functions, so `arr.sort(collator.compare)`
    // and `values.map(nf.format)` work.
    if (bound) {
      const plain = Formatter.prototype[bound];
      Object.defineProperty(Formatter.prototype, bound, {
        get() {
          const fn = (...args) => plain.apply(this, args);
          Object.defineProperty(this, bound, { value: fn, configurable: true });
          return fn;
        },
        configurable: true,
      });
    }
    Object.defineProperty(Formatter, "name", { value: kind });
    Object.defineProperty(Formatter.prototype, Symbol.toStringTag, { value: `Intl.${kind}` });
    return Formatter;
  }

  const DateTimeFormat = formatterClass(
    "DateTimeFormat",
    ["format", "formatToParts", "formatRange", "formatRangeToParts"],
    "format",
  );
  // Dates cross as their time values: JSON would turn them into text.
  const dateValue = (date) => (date === undefined ? Date.now() : Number(date));
  for (const method of ["formatToParts", "formatRange", "formatRangeToParts"]) {
    DateTimeFormat.prototype[method] = function (...dates) {
      return call("DateTimeFormat", this._locales, this._options, method, dates.map(dateValue));
    };
  }
  Object.defineProperty(DateTimeFormat.prototype, "format", {
    get() {
      const fn = (date) =>
        call("DateTimeFormat", this._locales, this._options, "format", [dateValue(date)]);
      Object.defineProperty(this, "format", { value: fn, configurable: true });
      return fn;
    },
    configurable: true,
  });

  const Segmenter = formatterClass("Segmenter", [], null);
  Segmenter.prototype.segment = function (input) {
    const text = String(input);
    const segments = call("Segmenter", this._locales, this._options, "segment", [text]).map(
      (s) => ({ ...s, input: text }),
    );
    return {
      [Symbol.iterator]: () => segments[Symbol.iterator](),
      containing(index = 0) {
        return segments.find((s) => index >= s.index && index < s.index + s.segment.length);
      },
    };
  };

  const Intl = {
    NumberFormat: formatterClass(
      "NumberFormat",
      ["format", "formatToParts", "formatRange", "formatRangeToParts"],
      "format",
    ),
    DateTimeFormat,
    Collator: formatterClass("Collator", ["compare"], "compare"),
    PluralRules: formatterClass("PluralRules", ["select", "selectRange"], null),
    RelativeTimeFormat: formatterClass("RelativeTimeFormat", ["format", "formatToParts"], null),
    ListFormat: formatterClass("ListFormat", ["format", "formatToParts"], null),
    DisplayNames: formatterClass("DisplayNames", ["of"], null),
    Segmenter,
    getCanonicalLocales: (locales) => call("Intl", locales, null, "getCanonicalLocales"),
    supportedValuesOf: (key) => call("Intl", null, null, "supportedValuesOf", [key]),
  };
  Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl" });
  Object.defineProperty(globalThis, "Intl", { value: Intl, writable: true, configurable: true });

  const replace = (proto, name, fn) =>
    Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  replace(Number.prototype, "toLocaleString", function (locales, options) {
    return call("Number", locales, options, "toLocaleString", [Number(this)]);
  });
  replace(BigInt.prototype, "toLocaleString", function (locales, options) {
    return call("Number", locales, options, "toLocaleString", [BigInt(this)]);
  });
  for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
    replace(Date.prototype, method, function (locales, options) {
      const time = this.getTime();
      if (Number.isNaN(time)) return "Invalid Date";
      return call("Date", locales, options, method, [time]);
    });
  }
  replace(String.prototype, "localeCompare", function (that, locales, options) {
    return call("String", locales, options, "localeCompare", [String(this), String(that)]);
  });
  for (const method of ["toLocaleUpperCase", "toLocaleLowerCase"]) {
    replace(String.prototype, method, function (locales) {
      return call("String", locales, null, method, [String(this)]);
    });
  }
  replace(Array.prototype, "toLocaleString", function (locales, options) {
    return Array.prototype.map
      .call(this, (item) =>
        item === null || item === undefined ? "" : item.toLocaleString(locales, options),
      )
      .join(",");
  });
}
