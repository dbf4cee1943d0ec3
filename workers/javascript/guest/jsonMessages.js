// @ts-check
// JSON.parse errors worded as V8 (Node 20) words them, so a script that prints err.message reads
// the same as under node. QuickJS detects the error; this scanner finds where and why.

{
  const intrinsicParse = JSON.parse;
  const SPECIAL = new Set(["undefined", "NaN", "Infinity", "[object Object]"]);
  const CONTEXT = 10;

  class JsonScanError {
    constructor(message) {
      this.message = message;
    }
  }

  function describe(text) {
    let i = 0;
    const at = (template) => new JsonScanError(`${template} at position ${i}`);
    const unexpected = () => {
      if (i >= text.length) return new JsonScanError("Unexpected end of JSON input");
      const c = text[i];
      if (c === '"') return at("Unexpected string in JSON");
      if (c === "-" || (c >= "0" && c <= "9")) return at("Unexpected number in JSON");
      if (SPECIAL.has(text)) return new JsonScanError(`"${text}" is not valid JSON`);
      const start = i < CONTEXT ? 0 : i - CONTEXT;
      const end = Math.min(text.length, i + CONTEXT);
      const context = `${start > 0 ? "..." : ""}"${text.slice(start, end)}"${end < text.length ? "..." : ""}`;
      return new JsonScanError(`Unexpected token '${c}', ${context} is not valid JSON`);
    };
    const ws = () => {
      while (
        i < text.length &&
        (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")
      )
        i++;
    };
    const expect = (char, template) => {
      ws();
      if (text[i] !== char) throw at(template);
      i++;
    };
    const string = () => {
      i++;
      for (;;) {
        if (i >= text.length) throw at("Unterminated string in JSON");
        const c = text.charCodeAt(i);
        if (c === 0x22) {
          i++;
          return;
        }
        if (c < 0x20) throw at("Bad control character in string literal in JSON");
        if (c === 0x5c) {
          i++;
          const e = text[i];
          if (e === "u") {
            for (let k = 1; k <= 4; k++) {
              if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) {
                i += k;
                throw at("Bad Unicode escape in JSON");
              }
            }
            i += 5;
            continue;
          }
          if (!'"\\/bfnrt'.includes(e ?? "") || e === undefined)
            throw at("Bad escaped character in JSON");
        }
        i++;
      }
    };
    const digits = () => {
      const start = i;
      while (i < text.length && text[i] >= "0" && text[i] <= "9") i++;
      return i > start;
    };
    const number = () => {
      if (text[i] === "-") {
        i++;
        if (!(text[i] >= "0" && text[i] <= "9")) throw at("No number after minus sign in JSON");
      }
      if (text[i] === "0") {
        i++;
        if (text[i] >= "0" && text[i] <= "9") throw at("Unexpected number in JSON");
      } else {
        digits();
      }
      if (text[i] === ".") {
        i++;
        if (!digits()) throw at("Unterminated fractional number in JSON");
      }
      if (text[i] === "e" || text[i] === "E") {
        i++;
        if (text[i] === "+" || text[i] === "-") i++;
        if (!digits()) throw at("Exponent part is missing a number in JSON");
      }
    };
    const literal = (word) => {
      for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) throw unexpected();
    };
    const value = () => {
      ws();
      const c = text[i];
      if (c === "{") {
        i++;
        ws();
        if (text[i] === "}") {
          i++;
          return;
        }
        for (let first = true; ; first = false) {
          ws();
          if (text[i] !== '"') {
            throw at(
              first
                ? "Expected property name or '}' in JSON"
                : "Expected double-quoted property name in JSON",
            );
          }
          string();
          expect(":", "Expected ':' after property name in JSON");
          value();
          ws();
          if (text[i] === ",") {
            i++;
            continue;
          }
          if (text[i] === "}") {
            i++;
            return;
          }
          throw at("Expected ',' or '}' after property value in JSON");
        }
      }
      if (c === "[") {
        i++;
        ws();
        if (text[i] === "]") {
          i++;
          return;
        }
        for (;;) {
          value();
          ws();
          if (text[i] === ",") {
            i++;
            continue;
          }
          if (text[i] === "]") {
            i++;
            return;
          }
          throw at("Expected ',' or ']' after array element in JSON");
        }
      }
      if (c === '"') return string();
      if (c === "-" || (c >= "0" && c <= "9")) return number();
      if (c === "t") return literal("true");
      if (c === "f") return literal("false");
      if (c === "n") return literal("null");
      throw unexpected();
    };
    try {
      value();
      ws();
      if (i < text.length) throw at("Unexpected non-whitespace character after JSON");
    } catch (error) {
      if (error instanceof JsonScanError) return error.message;
      throw error;
    }
    return undefined;
  }

  Object.defineProperty(JSON, "parse", {
    value: function parse(text, reviver) {
      try {
        return intrinsicParse(text, reviver);
      } catch (error) {
        if (error instanceof SyntaxError) {
          const message = describe(String(text));
          if (message !== undefined) error.message = message;
        }
        throw error;
      }
    },
    writable: true,
    configurable: true,
  });
}
