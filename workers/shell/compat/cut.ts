import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original, readInput, splitLines, textResult, utf8Text } from "./io";

// ─── cut ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `cut -f`: GNU prints a line that has no delimiter unchanged (unless -s) where just-bash
 * printed an empty line, and GNU outputs the selected fields in line order (`-f3,1` gives
 * fields 1 and 3) where just-bash followed the list order. Adds GNU's --complement and
 * --output-delimiter. Byte and character modes (-b/-c) stay with just-bash.
 */
export function cutCommand(): CustomCommand {
  return defineCommand("cut", async (args, ctx) => {
    let delimiter = "\t";
    let list: string | undefined;
    let onlyDelimited = false;
    let complement = false;
    let outputDelimiter: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      }
      if (arg.startsWith("--")) {
        const eq = arg.indexOf("=");
        const name = eq < 0 ? arg : arg.slice(0, eq);
        const value = () => (eq < 0 ? args[++i] : arg.slice(eq + 1)) ?? "";
        if (name === "--fields") list = value();
        else if (name === "--delimiter") delimiter = value();
        else if (name === "--only-delimited") onlyDelimited = true;
        else if (name === "--complement") complement = true;
        else if (name === "--output-delimiter") outputDelimiter = value();
        else return original(ctx, "cut", args);
      } else if (arg.startsWith("-") && arg !== "-") {
        for (let j = 1; j < arg.length; j++) {
          const letter = arg.charAt(j);
          if (letter === "s") onlyDelimited = true;
          else if (letter === "n") continue;
          else if (letter === "d" || letter === "f") {
            const value = (j + 1 < arg.length ? arg.slice(j + 1) : args[++i]) ?? "";
            if (letter === "d") delimiter = value;
            else list = value;
            break;
          } else return original(ctx, "cut", args);
        }
      } else files.push(arg);
    }
    if (list === undefined) return original(ctx, "cut", args);
    if (delimiter === "") delimiter = "\0";
    if ([...delimiter].length !== 1) {
      return textResult("", "cut: the delimiter must be a single character\n", 1);
    }
    const ranges: Array<[number, number]> = [];
    for (const part of list.split(/[,\s]+/)) {
      const match = /^(\d*)(-?)(\d*)$/.exec(part);
      if (!match || part === "" || part === "-") {
        return textResult("", `cut: invalid field range '${part}'\n`, 1);
      }
      const low = match[1] ? Number(match[1]) : 1;
      const high = match[2] ? (match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY) : low;
      if (low < 1 || high < 1) return textResult("", "cut: fields are numbered from 1\n", 1);
      if (high < low) return textResult("", "cut: invalid decreasing range\n", 1);
      ranges.push([low, high]);
    }
    const selected = (field: number) => ranges.some(([low, high]) => field >= low && field <= high);
    const joiner = outputDelimiter ?? delimiter;
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const file of files.length ? files : ["-"]) {
      const input = await readInput(ctx, "cut", file);
      if (!input.ok) {
        stderr += input.message;
        exitCode = 1;
        continue;
      }
      for (const line of splitLines(utf8Text(input.bytes))) {
        if (!line.includes(delimiter)) {
          if (!onlyDelimited) stdout += `${line}\n`;
          continue;
        }
        const fields = line.split(delimiter).filter((_f, i) => selected(i + 1) !== complement);
        stdout += `${fields.join(joiner)}\n`;
      }
    }
    return textResult(stdout, stderr, exitCode);
  });
}
