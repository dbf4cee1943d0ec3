import { gunzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { installTestSkill, launchChromium, openApp, runScript } from "./app";

/** Behaviour of the built-in shell that the differential corpus cannot compare with this machine. */
describe("built-in shell: programs and files", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await openApp(browser, "/", undefined, { shell: { engine: "builtin" } });
    await installTestSkill(page, "shell-commands", {
      "scripts/tools.sh": `for tool in git curl wget npm npx gh pip; do
  command -v "$tool" >/dev/null || echo "$tool missing"
done
git clone https://example.com/repo.git
echo "git status $?"
curl -sS https://example.com
echo "curl status $?"
gh --version
`,
      "scripts/gzip.sh": `printf 'skill output\\n%.0s' 1 2 3 > report.txt
gzip -k report.txt
od -An -v -tx1 report.txt.gz | tr -d ' \\n'
`,
      "scripts/links.sh": `mkdir -p out && echo data > out/file.txt
ln -s .. out/up
ln -s file.txt out/alias.txt
cat out/alias.txt
`,
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test("programs that cannot exist offline are missing, as on a machine without them", async () => {
    const result = (await runScript(page, "shell-commands", "scripts/tools.sh")) as RunScriptResult;
    expect(result.stdout).toBe(
      [
        ..."git curl wget npm npx gh pip".split(" ").map((tool) => `${tool} missing`),
        "git status 127",
        "curl status 127",
        "",
      ].join("\n"),
    );
    expect(result.exit_code).toBe(127);
    expect(result.stderr).toContain("git: command not found");
    expect(result.stderr).toContain("curl: command not found");
  });

  test("gzip output is a real gzip file", async () => {
    const result = (await runScript(page, "shell-commands", "scripts/gzip.sh")) as RunScriptResult;
    expect(result.exit_code).toBe(0);
    expect(result.files.some((file) => file.endsWith("/report.txt.gz"))).toBe(true);
    const gzipped = Buffer.from(result.stdout, "hex");
    expect(gunzipSync(gzipped).toString()).toBe("skill output\n".repeat(3));
  });

  test("symbolic links work, a link loop ends the run normally, and links are not output files", async () => {
    const result = (await runScript(page, "shell-commands", "scripts/links.sh")) as RunScriptResult;
    expect(result).toMatchObject({ exit_code: 0, stdout: "data\n", timed_out: false });
    expect(result.files.map((file) => file.slice(file.indexOf("/shell-commands/")))).toEqual([
      "/shell-commands/out/file.txt",
    ]);
  });
});
