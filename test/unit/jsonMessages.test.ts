import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";

const source = readFileSync(
  new URL("../../workers/javascript/guest/jsonMessages.js", import.meta.url),
  "utf8",
);

const INPUTS = [
  "{bad json}",
  "",
  "[1, 2,]",
  '{"a": 1',
  "undefined",
  "{'single': 1}",
  '{"a":1,}',
  '{"a" 1}',
  "[1 2]",
  '"abc',
  '"a\\x"',
  "-",
  "1.",
  "1e",
  "01",
  "tru",
  '{"a":1}x',
  "  ",
  "[",
  "{",
  '"\u0001"',
  "nul",
  '{"aaaaaaaaaaaaaaa": 1, "bbbbbbbbbbb": x}',
  "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,]",
  '"\\u12G4"',
  "NaN",
  '{"a":1} "b"',
  "[1,]",
  "{,}",
  '{"a":[1,{"b":2,}]}',
];

function messageOf(parse: (text: string) => unknown, text: string): string | null {
  try {
    parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

// In the sandbox the guest wraps QuickJS's JSON.parse. Here it wraps a stand-in that fails with a
// wording of its own, so the only way to V8's message (the one node prints) is the guest's scanner.
const ENGINE = `{
  const parse = JSON.parse;
  JSON.parse = (text, reviver) => {
    try { return parse(text, reviver); } catch { throw new SyntaxError("engine wording"); }
  };
}`;

test.each(INPUTS)("JSON.parse(%j) fails with V8's message", (input) => {
  const guestParse = runInNewContext(`${ENGINE}\n${source}; JSON.parse`) as (
    text: string,
  ) => unknown;
  expect(messageOf(guestParse, input)).toBe(messageOf(JSON.parse, input));
});
