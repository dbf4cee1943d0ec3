import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { commandWords, exampleArgs } from "../../src/skills/exampleArgs";

const demo = (name: string) => readFileSync(`public/skills/${name}/SKILL.md`, "utf8");

describe("exampleArgs", () => {
  test("reads the JSON examples under the heading that names the script", () => {
    expect(exampleArgs(demo("demo-bank-api"), "scripts/bank_api.py")).toEqual([
      ["verify-customer", "--egn-last4", "8836", "--dob", "1985-01-30"],
      ["confirm-otp", "--challenge-id", "ch.CUST-1004", "--otp", "123456"],
      ["list-loans", "--session-token", "sess.CUST-1004"],
      [
        "payoff-quote",
        "--session-token",
        "sess.CUST-1004",
        "--loan-id",
        "LN-20032",
        "--date",
        "2026-01-25",
      ],
    ]);
    expect(exampleArgs(demo("csv-insights"), "scripts/summarize.py")).toEqual([
      [],
      ["data/inventory.csv", "--out", "out/inventory.md"],
    ]);
  });

  test("examples under another script's heading are not this script's", () => {
    const text = [
      "## `scripts/a.py`",
      '["for-a"]',
      "## `scripts/b.py FILE`",
      '["for-b"]',
      "## Notes",
      '["in notes"]',
    ].join("\n");
    expect(exampleArgs(text, "scripts/a.py", 2)).toEqual([["for-a"]]);
    expect(exampleArgs(text, "scripts/b.py", 2)).toEqual([["for-b"]]);
  });

  test("without headings, a skill's only script gets the JSON examples; several scripts do not", () => {
    const text = 'Try `["x.csv", "--json"]`, or [not json].';
    expect(exampleArgs(text, "scripts/only.py", 1)).toEqual([["x.csv", "--json"]]);
    expect(exampleArgs(text, "scripts/only.py", 2)).toEqual([]);
  });

  test("reads command lines in code, stopping at pipes and skipping placeholders", () => {
    const text = [
      "Run it:",
      "```bash",
      "python3 scripts/report.py data/in.csv --top 3 | head",
      "python scripts/report.py <input.csv>",
      "```",
      "Or `node scripts/report.js 'two words' --json > out.txt`.",
      "The file scripts/report.py data/ignored.csv is mentioned in prose.",
    ].join("\n");
    expect(exampleArgs(text, "scripts/report.py")).toEqual([["data/in.csv", "--top", "3"]]);
    expect(exampleArgs(text, "scripts/report.js")).toEqual([["two words", "--json"]]);
  });

  test("nothing to offer: an empty list", () => {
    expect(exampleArgs("No examples here.", "scripts/x.sh")).toEqual([]);
  });

  test("commandWords keeps quoted words whole and empty quotes as empty words", () => {
    expect(commandWords(` a "b c" '' d#e`)).toEqual(["a", "b c", "", "d"]);
  });
});
