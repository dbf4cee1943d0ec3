import { expect, test } from "vitest";
import { basicToJsPattern } from "../../workers/shell/compat/expr";

test("a basic regular expression becomes the JavaScript pattern that matches the same", () => {
  const cases: [string, string][] = [
    ["v\\([0-9]*\\)", "v([0-9]*)"],
    ["(a)", "\\(a\\)"],
    ["a\\{2,3\\}", "a{2,3}"],
    ["a{2}", "a\\{2\\}"],
    ["x\\+y\\?", "x+y?"],
    ["1+1?", "1\\+1\\?"],
    ["a\\|b", "a|b"],
    ["*star", "\\*star"],
    ["\\(*\\)", "(\\*)"],
    ["(*", "\\(*"],
    ["[(+)]x", "[(+)]x"],
    ["[]a]\\.", "[\\]a]\\."],
    ["[^]a]", "[^\\]a]"],
    ["[\\.]", "[\\\\.]"],
    ["[[:digit:]]*", "[0-9]*"],
    ["[^[:space:]]", "[^ \\t\\n\\r\\f\\v]"],
    ["a[b", "a\\[b"],
  ];
  for (const [basic, js] of cases) expect(basicToJsPattern(basic), basic).toBe(js);
  expect(new RegExp(`^${basicToJsPattern("v\\([0-9]*\\)")}`).exec("v12.3")?.[1]).toBe("12");
});
