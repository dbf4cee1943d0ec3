/**
 * The guest's `Intl`: QuickJS has no ICU, the worker's engine does. The guest names a formatter
 * by kind, locales and options and calls an allow-listed method; the worker keeps one real
 * formatter per distinct configuration (a bounded cache) and returns plain JSON.
 */
type Formatter = Record<string, unknown>;
type FormatterClass = new (locales?: unknown, options?: unknown) => Formatter;

const FORMATTERS: Readonly<Record<string, { make: FormatterClass; methods: readonly string[] }>> = {
  NumberFormat: {
    make: Intl.NumberFormat as unknown as FormatterClass,
    methods: ["format", "formatToParts", "formatRange", "formatRangeToParts", "resolvedOptions"],
  },
  DateTimeFormat: {
    make: Intl.DateTimeFormat as unknown as FormatterClass,
    methods: ["format", "formatToParts", "formatRange", "formatRangeToParts", "resolvedOptions"],
  },
  Collator: {
    make: Intl.Collator as unknown as FormatterClass,
    methods: ["compare", "resolvedOptions"],
  },
  PluralRules: {
    make: Intl.PluralRules as unknown as FormatterClass,
    methods: ["select", "selectRange", "resolvedOptions"],
  },
  RelativeTimeFormat: {
    make: Intl.RelativeTimeFormat as unknown as FormatterClass,
    methods: ["format", "formatToParts", "resolvedOptions"],
  },
  ListFormat: {
    make: Intl.ListFormat as unknown as FormatterClass,
    methods: ["format", "formatToParts", "resolvedOptions"],
  },
  Segmenter: {
    make: Intl.Segmenter as unknown as FormatterClass,
    methods: ["segment", "resolvedOptions"],
  },
  DisplayNames: {
    make: Intl.DisplayNames as unknown as FormatterClass,
    methods: ["of", "resolvedOptions"],
  },
};

/** Distinct configurations kept; a script making more starts the cache over. */
const MAX_CACHED = 256;
const cache = new Map<string, Formatter>();

/** The guest sends numbers JSON cannot hold (NaN, ±Infinity, -0, BigInt) as text. */
function numeric(value: unknown): unknown {
  return typeof value === "string" && value !== "" && !Number.isNaN(Number(value))
    ? value
    : typeof value === "string"
      ? Number(value)
      : value;
}

function formatter(kind: string, locales: unknown, options: unknown): Formatter {
  const entry = FORMATTERS[kind];
  if (!entry) throw new TypeError(`Intl.${kind} is not available`);
  const key = JSON.stringify([kind, locales, options]);
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= MAX_CACHED) cache.clear();
    found = new entry.make(locales ?? undefined, options ?? undefined);
    cache.set(key, found);
  }
  return found;
}

function dateArgs(args: unknown[]): unknown[] {
  return args.map((a) => (a === undefined || a === null ? Date.now() : Number(a)));
}

/** Runs one guest Intl call; throws what the real Intl throws (RangeError, TypeError). */
export function intlCall(
  kind: string,
  locales: unknown,
  options: unknown,
  method: string,
  args: unknown[],
): unknown {
  const l = (locales ?? undefined) as Intl.LocalesArgument;
  const o = options ?? undefined;
  switch (kind) {
    case "Number":
      // Number#toLocaleString is NumberFormat#format; a number JSON cannot hold arrives as text.
      return (formatter("NumberFormat", l, o) as unknown as Intl.NumberFormat).format(
        numeric(args[0]) as number,
      );
    case "Date": {
      const date = new Date(Number(args[0]));
      if (method === "toLocaleDateString")
        return date.toLocaleDateString(l, o as Intl.DateTimeFormatOptions);
      if (method === "toLocaleTimeString")
        return date.toLocaleTimeString(l, o as Intl.DateTimeFormatOptions);
      return date.toLocaleString(l, o as Intl.DateTimeFormatOptions);
    }
    case "String": {
      const text = String(args[0]);
      if (method === "localeCompare")
        return text.localeCompare(String(args[1]), l, o as Intl.CollatorOptions);
      if (method === "toLocaleUpperCase") return text.toLocaleUpperCase(l);
      return text.toLocaleLowerCase(l);
    }
    case "Intl":
      if (method === "getCanonicalLocales") return Intl.getCanonicalLocales(l as string[]);
      return Intl.supportedValuesOf(
        String(args[0]) as Parameters<typeof Intl.supportedValuesOf>[0],
      );
    default:
      break;
  }
  const entry = FORMATTERS[kind];
  if (method === "supportedLocalesOf") {
    const make = entry?.make as unknown as { supportedLocalesOf(l: unknown, o: unknown): string[] };
    return make.supportedLocalesOf(l, o);
  }
  if (!entry?.methods.includes(method))
    throw new TypeError(`Intl.${kind}#${method} is not available`);
  const target = formatter(kind, l, o);
  if (method === "segment") {
    return [...(target as unknown as Intl.Segmenter).segment(String(args[0]))].map((s) => ({
      segment: s.segment,
      index: s.index,
      ...(s.isWordLike === undefined ? {} : { isWordLike: s.isWordLike }),
    }));
  }
  const callArgs =
    kind === "DateTimeFormat" && method !== "resolvedOptions"
      ? dateArgs(args)
      : kind === "NumberFormat" || kind === "PluralRules"
        ? args.map(numeric)
        : args;
  return (target[method] as (...a: unknown[]) => unknown).apply(target, callArgs);
}
