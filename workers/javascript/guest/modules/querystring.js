// @ts-check
// node:querystring
function escape(str) {
  return encodeURIComponent(str).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function unescape(str) {
  try {
    return decodeURIComponent(str);
  } catch {
    return str;
  }
}

function stringifyPrimitive(v) {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return `${v}`;
  if (typeof v === "bigint") return `${v}`;
  if (typeof v === "boolean") return v ? "true" : "false";
  return "";
}

function stringify(obj, sep, eq, options) {
  sep = sep || "&";
  eq = eq || "=";
  const encode = options?.encodeURIComponent ?? escape;
  if (obj === null || typeof obj !== "object") return "";
  const parts = [];
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    const k = encode(stringifyPrimitive(key));
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${k}${eq}${encode(stringifyPrimitive(item))}`);
    } else {
      parts.push(`${k}${eq}${encode(stringifyPrimitive(value))}`);
    }
  }
  return parts.join(sep);
}

function parse(qs, sep, eq, options) {
  sep = sep || "&";
  eq = eq || "=";
  const decode = options?.decodeURIComponent ?? unescape;
  const obj = Object.create(null);
  if (typeof qs !== "string" || qs.length === 0) return obj;
  const maxKeys = options?.maxKeys ?? 1000;
  let pieces = qs.split(sep);
  if (maxKeys > 0) pieces = pieces.slice(0, maxKeys);
  for (const piece of pieces) {
    if (piece === "") continue;
    const idx = piece.indexOf(eq);
    const rawKey = idx >= 0 ? piece.slice(0, idx) : piece;
    const rawValue = idx >= 0 ? piece.slice(idx + eq.length) : "";
    const key = decode(rawKey.replaceAll("+", " "));
    const value = decode(rawValue.replaceAll("+", " "));
    if (!(key in obj)) obj[key] = value;
    else if (Array.isArray(obj[key])) obj[key].push(value);
    else obj[key] = [obj[key], value];
  }
  return obj;
}

module.exports = { escape, unescape, stringify, parse, encode: stringify, decode: parse };
