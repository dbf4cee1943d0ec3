// node:util — format() and inspect() follow Node's algorithm (compact 3, breakLength 80) so that
// console.log output matches Node's byte for byte for everyday values.
const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;
const keyStrRegExp = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const kMinLineWidth = 16;
const inspectDefaults = {
  depth: 2,
  colors: false,
  showHidden: false,
  maxArrayLength: 100,
  maxStringLength: 10000,
  breakLength: 80,
  compact: 3,
  sorted: false,
  getters: false,
  numericSeparator: false,
};
const customInspect = Symbol.for("nodejs.util.inspect.custom");

const meta = [
  "\\x00",
  "\\x01",
  "\\x02",
  "\\x03",
  "\\x04",
  "\\x05",
  "\\x06",
  "\\x07",
  "\\b",
  "\\t",
  "\\n",
  "\\x0B",
  "\\f",
  "\\r",
  "\\x0E",
  "\\x0F",
  "\\x10",
  "\\x11",
  "\\x12",
  "\\x13",
  "\\x14",
  "\\x15",
  "\\x16",
  "\\x17",
  "\\x18",
  "\\x19",
  "\\x1A",
  "\\x1B",
  "\\x1C",
  "\\x1D",
  "\\x1E",
  "\\x1F",
];

function strEscape(str) {
  let singleQuote = 39;
  if (str.includes("'")) {
    if (!str.includes('"')) singleQuote = -2;
    else if (!str.includes("`") && !str.includes("${")) singleQuote = -1;
  }
  const quote = singleQuote === 39 ? "'" : singleQuote === -2 ? '"' : "`";
  let result = "";
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c === singleQuote || c === 92 || c < 32 || c === 127) {
      if (c === 92) result += "\\\\";
      else if (c === 127) result += "\\x7F";
      else if (c < 32) result += meta[c];
      else result += `\\${str[i]}`;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = str.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        result += str[i] + str[i + 1];
        i++;
      } else {
        result += `\\u${c.toString(16).toUpperCase()}`;
      }
    } else {
      result += str[i];
    }
  }
  return quote + result + quote;
}

function formatNumber(n) {
  return Object.is(n, -0) ? "-0" : `${n}`;
}

function formatPrimitive(ctx, value) {
  switch (typeof value) {
    case "string": {
      let trailer = "";
      if (value.length > ctx.maxStringLength) {
        const remaining = value.length - ctx.maxStringLength;
        value = value.slice(0, ctx.maxStringLength);
        trailer = `... ${remaining} more character${remaining > 1 ? "s" : ""}`;
      }
      if (
        ctx.compact !== true &&
        value.length > kMinLineWidth &&
        value.length > ctx.breakLength - ctx.indentationLvl - 4
      ) {
        return (
          value
            .split(/(?<=\n)/)
            .map((line) => strEscape(line))
            .join(` +\n${" ".repeat(ctx.indentationLvl + 2)}`) + trailer
        );
      }
      return strEscape(value) + trailer;
    }
    case "number":
      return formatNumber(value);
    case "bigint":
      return `${value}n`;
    case "boolean":
      return `${value}`;
    case "undefined":
      return "undefined";
    default:
      return value.toString();
  }
}

function getConstructorName(obj) {
  let current = obj;
  while (current !== null && current !== undefined) {
    const descriptor = Object.getOwnPropertyDescriptor(current, "constructor");
    if (
      descriptor !== undefined &&
      typeof descriptor.value === "function" &&
      descriptor.value.name !== ""
    ) {
      return descriptor.value.name;
    }
    current = Object.getPrototypeOf(current);
  }
  return null;
}

function getPrefix(ctorName, tag, fallback, size = "") {
  if (ctorName === null) {
    if (tag !== "" && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== "" && ctorName !== tag) return `${ctorName}${size} [${tag}] `;
  return `${ctorName}${size} `;
}

function isError(value) {
  return value instanceof Error || Object.prototype.toString.call(value) === "[object Error]";
}

function getKeys(value, showHidden) {
  const symbols = Object.getOwnPropertySymbols(value);
  if (showHidden) return [...Object.getOwnPropertyNames(value), ...symbols];
  const keys = Object.keys(value);
  for (const s of symbols) {
    if (Object.prototype.propertyIsEnumerable.call(value, s)) keys.push(s);
  }
  return keys;
}

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (typeof value !== "object" && typeof value !== "function") return formatPrimitive(ctx, value);
  if (value === null) return "null";
  if (ctx.customInspect !== false) {
    const maybeCustom = value[customInspect];
    if (typeof maybeCustom === "function" && maybeCustom !== inspect) {
      const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
      const ret = maybeCustom.call(value, depth, { ...ctx, stylize: (s) => s }, inspect);
      if (ret !== value) {
        if (typeof ret !== "string") return formatValue(ctx, ret, recurseTimes);
        return ret.replaceAll("\n", `\n${" ".repeat(ctx.indentationLvl)}`);
      }
    }
  }
  if (ctx.seen.includes(value)) {
    let index = 1;
    if (ctx.circular === undefined) {
      ctx.circular = new Map();
      ctx.circular.set(value, index);
    } else {
      index = ctx.circular.get(value);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(value, index);
      }
    }
    return `[Circular *${index}]`;
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

function isBuffer(value) {
  const B = globalThis.Buffer;
  return B !== undefined && value instanceof B;
}

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let keys;
  const constructor = getConstructorName(value);
  let tag = value[Symbol.toStringTag];
  if (
    typeof tag !== "string" ||
    (tag !== "" &&
      (ctx.showHidden ? Object.hasOwn : Object.prototype.propertyIsEnumerable).call(
        value,
        Symbol.toStringTag,
      ))
  ) {
    tag = "";
  }
  let base = "";
  let formatter = getEmptyFormatArray;
  let braces;
  let noIterator = true;
  let i = 0;
  let extrasType = kObjectType;

  if (Symbol.iterator in value || constructor === null) {
    noIterator = false;
    if (Array.isArray(value)) {
      const prefix =
        constructor !== "Array" || tag !== ""
          ? getPrefix(constructor, tag, "Array", `(${value.length})`)
          : "";
      keys = getKeys(value, ctx.showHidden).filter(
        (k) => typeof k !== "string" || !/^(0|[1-9][0-9]*)$/.test(k),
      );
      braces = [`${prefix}[`, "]"];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = kArrayExtrasType;
      formatter = formatArray;
    } else if (value instanceof Set) {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, "Set", `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatSet;
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, "}"];
    } else if (value instanceof Map) {
      const size = value.size;
      const prefix = getPrefix(constructor, tag, "Map", `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatMap;
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, "}"];
    } else if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      keys = Object.keys(value).filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));
      const bound = value;
      let fallback = "";
      if (constructor === null) fallback = "TypedArray";
      const size = value.length;
      if (isBuffer(value)) {
        const max = Math.min(50, value.length);
        let str = "";
        for (let j = 0; j < max; j++) str += `${value[j].toString(16).padStart(2, "0")} `;
        str = str.trimEnd();
        const remaining = value.length - max;
        if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? "s" : ""}`;
        return `<${constructor || "Buffer"} ${str}>`.replace(" >", ">");
      }
      const prefix = getPrefix(constructor, tag, fallback, `(${size})`);
      braces = [`${prefix}[`, "]"];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      formatter = (c, v, r) => formatTypedArray(bound, size, c, v, r);
      extrasType = kArrayExtrasType;
    } else if (
      value instanceof Map ||
      Object.prototype.toString.call(value) === "[object Map Iterator]"
    ) {
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag}] {`, "}"];
      formatter = formatIterator;
    } else if (
      Object.prototype.toString.call(value) === "[object Set Iterator]" ||
      Object.prototype.toString.call(value) === "[object Array Iterator]"
    ) {
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag}] {`, "}"];
      formatter = formatIterator;
    } else {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ["{", "}"];
    if (typeof value === "function") {
      base = getFunctionBase(value, constructor, tag);
      if (keys.length === 0) return base;
    } else if (constructor === "Object") {
      if (Object.prototype.toString.call(value) === "[object Arguments]") {
        braces[0] = "[Arguments] [";
        braces[1] = "]";
        extrasType = kArrayExtrasType;
        formatter = formatArrayLike;
      } else if (tag !== "") {
        braces[0] = `${getPrefix(constructor, tag, "Object")}{`;
      }
      if (keys.length === 0 && formatter === getEmptyFormatArray) return `${braces[0]}}`;
    } else if (value instanceof RegExp) {
      base = RegExp.prototype.toString.call(value);
      const prefix = getPrefix(constructor, tag, "RegExp");
      if (prefix !== "RegExp ") base = `${prefix}${base}`;
      if (keys.length === 0 || recurseTimes > ctx.depth) return base;
    } else if (value instanceof Date) {
      base = Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
      const prefix = getPrefix(constructor, tag, "Date");
      if (prefix !== "Date ") base = `${prefix}${base}`;
      if (keys.length === 0) return base;
    } else if (isError(value)) {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (value instanceof Promise) {
      braces[0] = `${getPrefix(constructor, tag, "Promise")}{`;
      formatter = (c, v, r) => {
        const { state, result } = __skillbox.host("promiseState", v);
        if (state === "pending") return ["<pending>"];
        c.indentationLvl += 2;
        const shown = formatValue(c, result, r);
        c.indentationLvl -= 2;
        return [state === "rejected" ? `<rejected> ${shown}` : shown];
      };
    } else if (value instanceof WeakSet) {
      braces[0] = `${getPrefix(constructor, tag, "WeakSet")}{`;
      formatter = () => ["<items unknown>"];
    } else if (value instanceof WeakMap) {
      braces[0] = `${getPrefix(constructor, tag, "WeakMap")}{`;
      formatter = () => ["<items unknown>"];
    } else if (value instanceof ArrayBuffer) {
      keys = ["byteLength", ...keys];
      const bytes = new Uint8Array(value);
      let contents = [...bytes.slice(0, 50)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
      if (bytes.length > 50)
        contents += ` ... ${bytes.length - 50} more byte${bytes.length - 50 > 1 ? "s" : ""}`;
      braces[0] = `${getPrefix(constructor, tag, "ArrayBuffer")}{`;
      formatter = (c) => [`[Uint8Contents]: <${contents}>`];
    } else if (
      value instanceof Number ||
      value instanceof String ||
      value instanceof Boolean ||
      (typeof BigInt !== "undefined" && value instanceof BigInt) ||
      value instanceof Symbol
    ) {
      const primitive = value.valueOf();
      const type =
        typeof primitive === "string"
          ? "String"
          : typeof primitive === "number"
            ? "Number"
            : typeof primitive === "boolean"
              ? "Boolean"
              : typeof primitive === "bigint"
                ? "BigInt"
                : "Symbol";
      base = `[${type}${constructor !== type ? (constructor === null ? " (null prototype)" : ` (${constructor})`) : ""}: ${formatPrimitive({ ...ctx, compact: 3, indentationLvl: 0 }, primitive)}]`;
      if (typeof primitive === "string")
        keys = keys.filter((k) => !/^(0|[1-9][0-9]*)$/.test(k) && k !== "length");
      if (keys.length === 0) return base;
    } else {
      if (keys.length === 0) return `${getCtxName(constructor, tag)}{}`;
      braces[0] = `${getCtxName(constructor, tag)}{`;
    }
  }
  if (recurseTimes > ctx.depth && ctx.depth !== null) {
    if (constructor === null) return getCtxName(constructor, tag).slice(0, -1);
    return `[${constructor}${tag !== "" && tag !== constructor ? ` [${tag}]` : ""}]`;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  let output;
  try {
    output = formatter(ctx, value, recurseTimes);
    for (i = 0; i < keys.length; i++) {
      output.push(formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
    }
  } finally {
    ctx.seen.pop();
  }
  if (ctx.circular !== undefined) {
    const index = ctx.circular.get(value);
    if (index !== undefined) {
      const reference = `<ref *${index}>`;
      if (ctx.compact !== true) base = base === "" ? reference : `${reference} ${base}`;
      else braces[0] = `${reference} ${braces[0]}`;
    }
  }
  if (ctx.sorted) {
    const comparator = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObjectType) output.sort(comparator);
  }
  const res = reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
  const budget = ctx.budget[ctx.indentationLvl] || 0;
  const newLength = budget + res.length;
  ctx.budget[ctx.indentationLvl] = newLength;
  return res;
}

function getCtxName(constructor, tag) {
  if (constructor === null && tag === "Module") return "[Module: null prototype] ";
  if (constructor === null)
    return tag !== "" ? `[Object: null prototype] [${tag}] ` : "[Object: null prototype] ";
  if (tag !== "" && constructor !== tag) return `${constructor} [${tag}] `;
  return constructor === "Object" ? "" : `${constructor} `;
}

function getFunctionBase(value, constructor, tag) {
  const source = Function.prototype.toString.call(value);
  if (source.startsWith("class") && /^class(\s|\{)/.test(source)) {
    let base = `[class ${value.name || "(anonymous)"}`;
    const superName = Object.getPrototypeOf(value).name;
    if (superName) base += ` extends ${superName}`;
    return `${base}]`;
  }
  let type = "Function";
  if (constructor === "AsyncFunction") type = "AsyncFunction";
  else if (constructor === "GeneratorFunction") type = "GeneratorFunction";
  else if (constructor === "AsyncGeneratorFunction") type = "AsyncGeneratorFunction";
  let base = `[${type}`;
  if (constructor === null) base += " (null prototype)";
  base += value.name === "" ? " (anonymous)" : `: ${value.name}`;
  base += "]";
  if (constructor !== type && constructor !== null) base += ` ${constructor}`;
  if (tag !== "" && constructor !== tag) base += ` [${tag}]`;
  return base;
}

/** An error as Node prints it: its stack, which begins with `Name: message`. */
function errorStack(err) {
  const name = err[NODE_ERROR] ? `${err.name} [${err.code}]` : `${err.name}`;
  const header = err.message === undefined || err.message === "" ? name : `${name}: ${err.message}`;
  let frames = typeof err.stack === "string" ? err.stack : "";
  if (frames.startsWith(header)) frames = frames.slice(header.length);
  frames = frames.replace(/^\n+|\n+$/g, "");
  return frames === "" ? header : `${header}\n${frames}`;
}

function formatError(err, constructor, tag, ctx, keys) {
  let stack = errorStack(err);
  for (const name of ["name", "message", "stack"]) {
    const index = keys.indexOf(name);
    if (index !== -1 && stack.includes(err[name])) keys.splice(index, 1);
  }
  if ("cause" in err && !keys.includes("cause")) keys.push("cause");
  if (Array.isArray(err.errors) && !keys.includes("errors")) keys.push("errors");
  // Without stack frames Node wraps the error in brackets.
  if (!stack.includes("\n    at")) stack = `[${stack}]`;
  if (ctx.indentationLvl !== 0)
    stack = stack.replaceAll("\n", `\n${" ".repeat(ctx.indentationLvl)}`);
  return stack;
}

function getEmptyFormatArray() {
  return [];
}

function formatArrayLike(ctx, value, recurseTimes) {
  const output = [];
  for (let i = 0; i < value.length; i++) output.push(formatValue(ctx, value[i], recurseTimes));
  return output;
}

function formatArray(ctx, value, recurseTimes) {
  const valLen = value.length;
  const len = Math.min(Math.max(0, ctx.maxArrayLength), valLen);
  const remaining = valLen - len;
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!Object.hasOwn(value, i))
      return formatArrayBuffer(ctx, value, recurseTimes, len, output, i);
    output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
  }
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? "s" : ""}`);
  return output;
}

/** Arrays with holes: runs of missing indexes print as `<N empty items>`. */
function formatArrayBuffer(ctx, value, recurseTimes, len, output, start) {
  let i = start;
  let outputLength = output.length;
  const valLen = value.length;
  while (i < valLen && outputLength < len) {
    if (!Object.hasOwn(value, i)) {
      let emptyItems = 1;
      while (i + emptyItems < valLen && !Object.hasOwn(value, i + emptyItems)) emptyItems++;
      output.push(`<${emptyItems} empty item${emptyItems > 1 ? "s" : ""}>`);
      i += emptyItems;
    } else {
      output.push(formatProperty(ctx, value, recurseTimes, i, kArrayType));
      i++;
    }
    outputLength++;
  }
  const remaining = valLen - i;
  if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? "s" : ""}`);
  return output;
}

function formatTypedArray(value, length, ctx, ignored, recurseTimes) {
  const maxLength = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const remaining = value.length - maxLength;
  const output = new Array(maxLength);
  for (let i = 0; i < maxLength; ++i) {
    output[i] = typeof value[i] === "bigint" ? `${value[i]}n` : formatNumber(value[i]);
  }
  if (remaining > 0) output[maxLength] = `... ${remaining} more item${remaining > 1 ? "s" : ""}`;
  return output;
}

function formatSet(ctx, value, recurseTimes) {
  const output = [];
  ctx.indentationLvl += 2;
  for (const v of value) output.push(formatValue(ctx, v, recurseTimes));
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(ctx, value, recurseTimes) {
  const output = [];
  ctx.indentationLvl += 2;
  for (const [k, v] of value) {
    output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, v, recurseTimes)}`);
  }
  ctx.indentationLvl -= 2;
  return output;
}

function formatIterator() {
  return ["<items unknown>"];
}

function formatProperty(ctx, value, recurseTimes, key, type) {
  let name;
  let str;
  let extra = " ";
  const desc = Object.getOwnPropertyDescriptor(value, key) || {
    value: value[key],
    enumerable: true,
  };
  if (desc.value !== undefined) {
    const diff = ctx.compact !== true || type !== kObjectType ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < str.length) extra = `\n${" ".repeat(ctx.indentationLvl)}`;
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    str = desc.set !== undefined ? "[Getter/Setter]" : "[Getter]";
  } else if (desc.set !== undefined) {
    str = "[Setter]";
  } else {
    str = "undefined";
  }
  if (type === kArrayType) return str;
  if (typeof key === "symbol") {
    name = `[${key.toString()}]`;
  } else if (key === "__proto__") {
    name = "['__proto__']";
  } else if (desc.enumerable === false) {
    name = `[${keyStrRegExp.test(key) ? key : strEscape(key)}]`;
  } else if (keyStrRegExp.test(key)) {
    name = key;
  } else {
    name = strEscape(key);
  }
  return `${name}:${extra}${str}`;
}

function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let i = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2;
  const dataLen = new Array(outputLength);
  for (; i < outputLength; i++) {
    const len = output[i].length;
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (
    actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
    (totalLength / actualMax > 5 || maxLength <= 6)
  ) {
    const approxCharHeights = 2.5;
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(
      Math.round(Math.sqrt(approxCharHeights * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let c = 0; c < columns; c++) {
      let lineLength = 0;
      for (let j = c; j < output.length; j += columns) {
        if (dataLen[j] > lineLength) lineLength = dataLen[j];
      }
      maxLineLength.push(lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let k = 0; k < output.length; k++) {
        if (typeof value[k] !== "number" && typeof value[k] !== "bigint") {
          padStart = false;
          break;
        }
      }
    }
    for (let k = 0; k < outputLength; k += columns) {
      const max = Math.min(k + columns, outputLength);
      let str = "";
      let j = k;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - k];
        str += padStart
          ? `${output[j]}, `.padStart(padding, " ")
          : `${output[j]}, `.padEnd(padding, " ");
      }
      if (padStart) {
        const padding = maxLineLength[j - k] - separatorSpace;
        str += output[j].padStart(padding, " ");
      } else {
        str += output[j];
      }
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

function isBelowBreakLength(ctx, output, start, base) {
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  return base === "" || !base.includes("\n");
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === "number" && ctx.compact >= 1) {
      const entries = output.length;
      if (extrasType === kArrayExtrasType && entries > 6)
        output = groupArrayElements(ctx, output, value);
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joinedOutput = output.join(", ");
          if (!joinedOutput.includes("\n")) {
            return `${base ? `${base} ` : ""}${braces[0]} ${joinedOutput} ${braces[1]}`;
          }
        }
      }
    }
    const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ""} ${output.join(", ")} ${braces[1]}`;
  }
  const indentation = " ".repeat(ctx.indentationLvl);
  const ln =
    base === "" && braces[0].length === 1 ? " " : `${base ? ` ${base}` : ""}\n${indentation}  `;
  return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
}

function inspect(value, opts) {
  const ctx = {
    budget: {},
    indentationLvl: 0,
    seen: [],
    currentDepth: 0,
    stylize: (s) => s,
    ...inspectDefaults,
  };
  if (typeof opts === "boolean") ctx.showHidden = opts;
  else if (opts) {
    for (const key of Object.keys(opts)) {
      if (key in inspectDefaults || key === "stylize" || key === "customInspect")
        ctx[key] = opts[key];
    }
  }
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  if (ctx.depth === Infinity) ctx.depth = null;
  return formatValue(ctx, value, 0);
}
inspect.custom = customInspect;
inspect.defaultOptions = inspectDefaults;

// Node 20's SGR codes, [on, off], under its names; its aliases are accessors that are not listed.
inspect.colors = Object.assign(Object.create(null), {
  reset: [0, 0],
  bold: [1, 22],
  dim: [2, 22],
  italic: [3, 23],
  underline: [4, 24],
  blink: [5, 25],
  inverse: [7, 27],
  hidden: [8, 28],
  strikethrough: [9, 29],
  doubleunderline: [21, 24],
  black: [30, 39],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  white: [37, 39],
  bgBlack: [40, 49],
  bgRed: [41, 49],
  bgGreen: [42, 49],
  bgYellow: [43, 49],
  bgBlue: [44, 49],
  bgMagenta: [45, 49],
  bgCyan: [46, 49],
  bgWhite: [47, 49],
  framed: [51, 54],
  overlined: [53, 55],
  gray: [90, 39],
  redBright: [91, 39],
  greenBright: [92, 39],
  yellowBright: [93, 39],
  blueBright: [94, 39],
  magentaBright: [95, 39],
  cyanBright: [96, 39],
  whiteBright: [97, 39],
  bgGray: [100, 49],
  bgRedBright: [101, 49],
  bgGreenBright: [102, 49],
  bgYellowBright: [103, 49],
  bgBlueBright: [104, 49],
  bgMagentaBright: [105, 49],
  bgCyanBright: [106, 49],
  bgWhiteBright: [107, 49],
});
for (const [target, aliases] of [
  ["gray", ["grey", "blackBright"]],
  ["bgGray", ["bgGrey", "bgBlackBright"]],
  ["dim", ["faint"]],
  ["strikethrough", ["crossedout", "strikeThrough", "crossedOut"]],
  ["hidden", ["conceal"]],
  ["inverse", ["swapColors", "swapcolors"]],
  ["doubleunderline", ["doubleUnderline"]],
]) {
  for (const alias of aliases) {
    Object.defineProperty(inspect.colors, alias, {
      get() {
        return this[target];
      },
      set(value) {
        this[target] = value;
      },
      configurable: true,
      enumerable: false,
    });
  }
}
inspect.styles = Object.assign(Object.create(null), {
  special: "cyan",
  number: "yellow",
  bigint: "yellow",
  boolean: "yellow",
  undefined: "grey",
  null: "bold",
  string: "green",
  symbol: "green",
  date: "magenta",
  regexp: "red",
  module: "underline",
});

/** Whether Node would colour text for `stream`: FORCE_COLOR decides where set, else a TTY. */
function shouldColorize(stream) {
  const force = process.env.FORCE_COLOR;
  if (force !== undefined) return !(force === "0" || force === "false");
  return stream?.isTTY === true;
}

const isStreamLike = (value) =>
  value !== null &&
  typeof value === "object" &&
  ["pipe", "write", "getReader", "getWriter"].some((name) => typeof value[name] === "function");

/**
 * util.styleText as Node 20.20 has it: a format given as an array is applied whatever the
 * stream; a single one only where the stream would show colour (never the sandbox's pipes, unless
 * FORCE_COLOR says so).
 */
function styleText(format, text, { validateStream = true, stream = process.stdout } = {}) {
  if (typeof text !== "string") throw invalidArgType("text", "of type string", text);
  if (typeof validateStream !== "boolean") {
    throw invalidArgType("options.validateStream", "of type boolean", validateStream);
  }
  const formats = Array.isArray(format) ? format : [format];
  let skip = false;
  if (validateStream && !Array.isArray(format)) {
    if (!isStreamLike(stream)) {
      throw invalidArgType(
        "stream",
        "an instance of ReadableStream, WritableStream, or Stream",
        stream,
      );
    }
    skip = !shouldColorize(stream);
  }
  let left = "";
  let right = "";
  for (const key of formats) {
    const codes = typeof key === "string" ? inspect.colors[key] : undefined;
    if (codes == null) {
      const allowed = Object.keys(inspect.colors)
        .map((name) => `'${name}'`)
        .join(", ");
      throw nodeError(
        TypeError,
        "ERR_INVALID_ARG_VALUE",
        `The argument 'format' must be one of: ${allowed}. Received ${inspect(key)}`,
      );
    }
    left += `\u001b[${codes[0]}m`;
    right = `\u001b[${codes[1]}m${right}`;
  }
  return skip ? text : `${left}${text}${right}`;
}

function formatWithOptions(inspectOptions, ...args) {
  const first = args[0];
  let a = 0;
  let str = "";
  let join = "";
  if (typeof first === "string") {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first.charCodeAt(i) === 37) {
        const nextChar = first.charCodeAt(++i);
        if (a + 1 !== args.length) {
          switch (nextChar) {
            case 115: {
              const tempArg = args[++a];
              if (typeof tempArg === "number") tempStr = formatNumber(tempArg);
              else if (typeof tempArg === "bigint") tempStr = `${tempArg}n`;
              else if (
                typeof tempArg !== "object" ||
                tempArg === null ||
                !hasBuiltInToString(tempArg)
              )
                tempStr = String(tempArg);
              else
                tempStr = inspect(tempArg, {
                  ...inspectOptions,
                  depth: 0,
                  colors: false,
                  compact: 3,
                });
              break;
            }
            case 106:
              tempStr = tryStringify(args[++a]);
              break;
            case 100: {
              const tempNum = args[++a];
              if (typeof tempNum === "bigint") tempStr = `${tempNum}n`;
              else if (typeof tempNum === "symbol") tempStr = "NaN";
              else tempStr = formatNumber(Number(tempNum));
              break;
            }
            case 79:
              tempStr = inspect(args[++a], inspectOptions);
              break;
            case 111:
              tempStr = inspect(args[++a], {
                ...inspectOptions,
                showHidden: true,
                showProxy: true,
                depth: 4,
              });
              break;
            case 105: {
              const tempInteger = args[++a];
              if (typeof tempInteger === "bigint") tempStr = `${tempInteger}n`;
              else if (typeof tempInteger === "symbol") tempStr = "NaN";
              else tempStr = formatNumber(Number.parseInt(tempInteger));
              break;
            }
            case 102: {
              const tempFloat = args[++a];
              if (typeof tempFloat === "symbol") tempStr = "NaN";
              else tempStr = formatNumber(Number.parseFloat(tempFloat));
              break;
            }
            case 99:
              a += 1;
              tempStr = "";
              break;
            case 37:
              str += first.slice(lastPos, i);
              lastPos = i + 1;
              continue;
            default:
              continue;
          }
          if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
          str += tempStr;
          lastPos = i + 1;
        } else if (nextChar === 37) {
          str += first.slice(lastPos, i);
          lastPos = i + 1;
        }
      }
    }
    if (lastPos !== 0) {
      a++;
      join = " ";
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  while (a < args.length) {
    const value = args[a];
    str += join;
    str += typeof value !== "string" ? inspect(value, inspectOptions) : value;
    join = " ";
    a++;
  }
  return str;
}

const BUILT_IN_OBJECTS = new Set(
  Object.getOwnPropertyNames(globalThis).filter(
    (name) => /^[A-Z][a-zA-Z0-9]+$/.test(name) && typeof globalThis[name] === "function",
  ),
);

/** True when value's toString is a built-in one, i.e. %s should inspect it rather than call it. */
function hasBuiltInToString(value) {
  if (Object.hasOwn(value, "toString")) return false;
  let pointer = value;
  do {
    pointer = Object.getPrototypeOf(pointer);
    if (pointer === null) return true;
  } while (!Object.hasOwn(pointer, "toString"));
  const descriptor = Object.getOwnPropertyDescriptor(pointer, "constructor");
  return (
    descriptor !== undefined &&
    typeof descriptor.value === "function" &&
    BUILT_IN_OBJECTS.has(descriptor.value.name)
  );
}

function tryStringify(arg) {
  try {
    return JSON.stringify(arg);
  } catch (err) {
    if (err instanceof TypeError && /circular/i.test(err.message)) return "[Circular]";
    throw err;
  }
}

function format(...args) {
  return formatWithOptions(undefined, ...args);
}

function isDeepStrictEqual(a, b) {
  return require("assert").__deepEqual(a, b, true);
}

function promisify(original) {
  if (typeof original !== "function")
    throw new TypeError('The "original" argument must be of type function');
  if (original[promisify.custom]) return original[promisify.custom];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => {
        if (err) reject(err);
        else resolve(values.length > 1 ? values : values[0]);
      });
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = Symbol.for("nodejs.util.promisify.custom");

function callbackify(original) {
  return function (...args) {
    const callback = args.pop();
    original.apply(this, args).then(
      (value) => process.nextTick(callback, null, value),
      (error) => process.nextTick(callback, error),
    );
  };
}

function inherits(ctor, superCtor) {
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

function parseArgsError(code, message) {
  const err = new TypeError(message);
  err.code = code;
  return err;
}

/** util.parseArgs (Node 18.3+): long/short options, `--opt=value`, `--`, multiple, defaults. */
function parseArgs(config = {}) {
  const args = config.args ?? process.argv.slice(2);
  const options = config.options ?? {};
  const strict = config.strict ?? true;
  const allowPositionals = config.allowPositionals ?? !strict;
  const values = { __proto__: null };
  const positionals = [];
  const tokens = [];
  const shortToLong = new Map(
    Object.entries(options)
      .filter(([, o]) => o.short)
      .map(([name, o]) => [o.short, name]),
  );
  const store = (name, value, raw) => {
    const option = options[name];
    if (!option) {
      if (strict) {
        throw parseArgsError(
          "ERR_PARSE_ARGS_UNKNOWN_OPTION",
          `Unknown option '${raw}'${allowPositionals ? "" : ". To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"" + raw + '".'}`,
        );
      }
      values[name] = value ?? true;
      return;
    }
    if (option.type === "string" && value === undefined) {
      throw parseArgsError(
        "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
        `Option '${raw} <value>' argument missing`,
      );
    }
    if (option.type === "boolean" && value !== undefined && strict) {
      throw parseArgsError(
        "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
        `Option '${raw}' does not take an argument`,
      );
    }
    const stored = option.type === "boolean" ? true : value;
    if (option.multiple) (values[name] ??= []).push(stored);
    else values[name] = stored;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      let value = eq === -1 ? undefined : arg.slice(eq + 1);
      if (value === undefined && options[name]?.type === "string" && i + 1 < args.length)
        value = args[++i];
      store(name, value, `--${name}`);
      tokens.push({
        kind: "option",
        name,
        rawName: `--${name}`,
        index: i,
        value,
        inlineValue: eq !== -1,
      });
    } else if (arg.startsWith("-") && arg !== "-") {
      const letters = arg.slice(1);
      for (let j = 0; j < letters.length; j++) {
        const short = letters[j];
        const name = shortToLong.get(short) ?? short;
        if (options[name]?.type === "string") {
          const rest = letters.slice(j + 1);
          const value = rest !== "" ? rest : i + 1 < args.length ? args[++i] : undefined;
          store(name, value, `-${short}`);
          break;
        }
        store(name, undefined, `-${short}`);
      }
    } else {
      if (!allowPositionals) {
        throw parseArgsError(
          "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL",
          `Unexpected argument '${arg}'. This command does not take positional arguments`,
        );
      }
      positionals.push(arg);
    }
  }
  for (const [name, option] of Object.entries(options)) {
    if (option.default !== undefined && values[name] === undefined) values[name] = option.default;
  }
  return config.tokens ? { values, positionals, tokens } : { values, positionals };
}

function deprecate(fn) {
  return fn;
}

const tag = (v) => Object.prototype.toString.call(v);
const types = {
  isDate: (v) => v instanceof Date,
  isRegExp: (v) => v instanceof RegExp,
  isMap: (v) => v instanceof Map,
  isSet: (v) => v instanceof Set,
  isPromise: (v) => v instanceof Promise,
  isTypedArray: (v) => ArrayBuffer.isView(v) && !(v instanceof DataView),
  isUint8Array: (v) => v instanceof Uint8Array,
  isArrayBuffer: (v) => v instanceof ArrayBuffer,
  isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || tag(v) === "[object SharedArrayBuffer]",
  isNativeError: (v) => v instanceof Error,
  isAsyncFunction: (v) => typeof v === "function" && getConstructorName(v) === "AsyncFunction",
  isGeneratorFunction: (v) =>
    typeof v === "function" && /GeneratorFunction$/.test(getConstructorName(v) || ""),
  isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean,
  isWeakMap: (v) => v instanceof WeakMap,
  isWeakSet: (v) => v instanceof WeakSet,
  isDataView: (v) => v instanceof DataView,
};

/** Whether NODE_DEBUG (names and `*` patterns, comma- or space-separated) turns `section` on. */
function debugEnabled(section) {
  const patterns = String(globalThis.process?.env.NODE_DEBUG ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  return patterns.some((pattern) => {
    const source = pattern.replace(/[|\\{}()[\]^$+?.]/g, "\\$&").replaceAll("*", ".*");
    return new RegExp(`^${source}$`, "i").test(section);
  });
}

/** Node's `util.debuglog`: a logger that writes to stderr only when NODE_DEBUG names its section. */
function debuglog(section, callback) {
  const name = String(section).toUpperCase();
  let enabled;
  const isEnabled = () => {
    enabled ??= debugEnabled(name);
    return enabled;
  };
  let told = false;
  function debug(...args) {
    if (!told && typeof callback === "function") {
      told = true;
      callback(debug);
    }
    if (isEnabled()) {
      globalThis.process.stderr.write(`${name} ${globalThis.process.pid}: ${format(...args)}\n`);
    }
  }
  Object.defineProperty(debug, "enabled", { get: isEnabled, enumerable: true, configurable: true });
  return debug;
}

/** The name of a negative libuv error number (`-2` → `ENOENT`), from os.constants.errno. */
function getSystemErrorName(err) {
  if (typeof err !== "number") throw __skillbox.invalidArgType("err", "of type number", err);
  if (err >= 0 || !Number.isSafeInteger(err)) {
    throw __skillbox.outOfRange("err", "a negative integer", err);
  }
  const { errno } = require("os").constants;
  const name = Object.keys(errno).find((key) => errno[key] === -err);
  return name ?? `Unknown system error ${err}`;
}

/** Resolves when `signal` aborts (at once if it already has), as util.aborted does. */
function aborted(signal, resource) {
  if (signal === null || typeof signal !== "object" || !("aborted" in signal)) {
    return Promise.reject(
      __skillbox.invalidArgType("signal", "an instance of AbortSignal", signal),
    );
  }
  if (resource === null || (typeof resource !== "object" && typeof resource !== "function")) {
    return Promise.reject(__skillbox.invalidArgType("resource", "of type object", resource));
  }
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true }),
  );
}

module.exports = {
  format,
  formatWithOptions,
  getSystemErrorName,
  aborted,
  inspect,
  isDeepStrictEqual,
  promisify,
  callbackify,
  parseArgs,
  inherits,
  deprecate,
  debuglog,
  debug: debuglog,
  types,
  isArray: Array.isArray,
  isError,
  styleText,
  // util loads at every boot; the MIME classes load when a script first asks for them.
  get MIMEType() {
    return require("internal/mime").MIMEType;
  },
  get MIMEParams() {
    return require("internal/mime").MIMEParams;
  },
  // From the module that makes the globals: util loads before node.js installs them.
  get TextEncoder() {
    return require("internal/web_globals").TextEncoder;
  },
  get TextDecoder() {
    return require("internal/web_globals").TextDecoder;
  },
  stripVTControlCharacters: (s) => s.replace(/\u001b\[[0-9;]*m/g, ""),
  toUSVString: (s) => `${s}`.toWellFormed?.() ?? `${s}`,
  __errorStack: errorStack,
};
