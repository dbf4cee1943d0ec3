// @ts-check
// util.MIMEType and util.MIMEParams: the WHATWG MIME Sniffing standard's parsing and
// serialisation, with Node 20's errors (ERR_INVALID_MIME_SYNTAX, naming the part and where in it).
const { nodeError } = __skillbox;
const { isToken, nonTokenAt } = require("internal/http_wire");

const NOT_QUOTED_STRING_TOKEN = /[^\t\u0020-\u007e\u0080-\u00ff]/;
const HTTP_WHITESPACE = "\t\n\r ";

function syntaxError(production, text, at = -1) {
  return nodeError(
    TypeError,
    "ERR_INVALID_MIME_SYNTAX",
    `The MIME syntax for a ${production} in "${text}" is invalid${at === -1 ? "" : ` at ${at}`}`,
  );
}

/** `text` as a type or subtype: a non-empty token, lowercased. */
function checkedToken(production, text) {
  const at = nonTokenAt(text);
  if (text === "" || at !== -1) throw syntaxError(production, text, at);
  return text.toLowerCase();
}

function trimEnd(text) {
  let end = text.length;
  while (end > 0 && HTTP_WHITESPACE.includes(text[end - 1] ?? "")) end--;
  return text.slice(0, end);
}

function trim(text) {
  let start = 0;
  while (start < text.length && HTTP_WHITESPACE.includes(text[start] ?? "")) start++;
  return trimEnd(text.slice(start));
}

/**
 * The value of a quoted string starting at `from` (its opening quote): backslash escapes the next
 * character, and a missing closing quote ends it at the end of the text.
 */
function quotedString(text, from) {
  let value = "";
  let at = from + 1;
  while (at < text.length) {
    const char = text[at];
    if (char === '"') return { value, end: at + 1 };
    if (char === "\\") {
      at++;
      if (at >= text.length) return { value: `${value}\\`, end: at };
    }
    value += text[at];
    at++;
  }
  return { value, end: at };
}

function serializedValue(value) {
  if (isToken(value)) return value;
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

class MIMEParams {
  /** @type {Map<string, string>} */
  #map = new Map();

  delete(name) {
    this.#map.delete(String(name));
  }

  get(name) {
    return this.#map.get(String(name)) ?? null;
  }

  has(name) {
    return this.#map.has(String(name));
  }

  set(name, value) {
    const key = String(name);
    const text = String(value);
    const badName = nonTokenAt(key);
    if (key === "" || badName !== -1) throw syntaxError("parameter name", key, badName);
    const badValue = text.search(NOT_QUOTED_STRING_TOKEN);
    if (badValue !== -1) throw syntaxError("parameter value", text, badValue);
    this.#map.set(key, text);
  }

  entries() {
    return this.#map.entries();
  }

  keys() {
    return this.#map.keys();
  }

  values() {
    return this.#map.values();
  }

  toString() {
    return [...this.#map].map(([name, value]) => `${name}=${serializedValue(value)}`).join(";");
  }

  toJSON() {
    return this.toString();
  }
}
MIMEParams.prototype[Symbol.iterator] = MIMEParams.prototype.entries;

/** Reads `;name=value` parameters from `text` at `from` into `params`, as the standard does. */
function parseParameters(text, from, params) {
  const map = new Map();
  let at = from;
  while (at < text.length) {
    at++;
    while (at < text.length && HTTP_WHITESPACE.includes(text[at] ?? "")) at++;
    let nameEnd = at;
    while (nameEnd < text.length && text[nameEnd] !== ";" && text[nameEnd] !== "=") nameEnd++;
    const name = text.slice(at, nameEnd).toLowerCase();
    at = nameEnd;
    if (at < text.length) {
      if (text[at] === ";") continue;
      at++;
    }
    if (at >= text.length) break;
    let value;
    if (text[at] === '"') {
      const quoted = quotedString(text, at);
      value = quoted.value;
      at = quoted.end;
      while (at < text.length && text[at] !== ";") at++;
    } else {
      let valueEnd = at;
      while (valueEnd < text.length && text[valueEnd] !== ";") valueEnd++;
      value = trimEnd(text.slice(at, valueEnd));
      at = valueEnd;
      if (value === "") continue;
    }
    if (isToken(name) && !NOT_QUOTED_STRING_TOKEN.test(value) && !map.has(name)) {
      map.set(name, value);
    }
  }
  for (const [name, value] of map) params.set(name, value);
}

class MIMEType {
  /** @type {{ type: string, subtype: string, params: MIMEParams }} */
  #parts;

  constructor(input) {
    const text = String(input);
    const trimmed = trim(text);
    const slash = trimmed.indexOf("/");
    const type = slash === -1 ? trimmed : trimmed.slice(0, slash);
    const badType = nonTokenAt(type);
    if (type === "" || badType !== -1 || slash === -1) throw syntaxError("type", text, badType);
    const semicolon = trimmed.indexOf(";", slash + 1);
    const subtype = trimEnd(
      semicolon === -1 ? trimmed.slice(slash + 1) : trimmed.slice(slash + 1, semicolon),
    );
    const badSubtype = nonTokenAt(subtype);
    if (subtype === "" || badSubtype !== -1) throw syntaxError("subtype", text, badSubtype);
    const params = new MIMEParams();
    if (semicolon !== -1) parseParameters(trimmed, semicolon, params);
    this.#parts = { type: type.toLowerCase(), subtype: subtype.toLowerCase(), params };
  }

  get type() {
    return this.#parts.type;
  }

  set type(value) {
    this.#parts.type = checkedToken("type", String(value));
  }

  get subtype() {
    return this.#parts.subtype;
  }

  set subtype(value) {
    this.#parts.subtype = checkedToken("subtype", String(value));
  }

  get essence() {
    return `${this.type}/${this.subtype}`;
  }

  get params() {
    return this.#parts.params;
  }

  toString() {
    const params = this.params.toString();
    return params === "" ? this.essence : `${this.essence};${params}`;
  }

  toJSON() {
    return this.toString();
  }
}

module.exports = { MIMEType, MIMEParams };
