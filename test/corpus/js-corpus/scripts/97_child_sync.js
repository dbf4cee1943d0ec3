// Child processes that a script waits for: the shell, Python and Node as a skill calls them.
const { execSync, execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const show = (label, value) => console.log(label, JSON.stringify(value));

show("execSync echo", execSync("echo hello from sh").toString());
show("execSync utf8", execSync("printf '%s|' a 'b c'", { encoding: "utf8" }));
show("execSync input", execSync("tr a-z A-Z", { input: "shout\n" }).toString());
show("execSync pipeline", execSync("cat data/hello.txt | wc -l | tr -d ' '", { encoding: "utf8" }));
try {
  execSync("echo partial; echo oops >&2; exit 3", { stdio: "pipe" });
} catch (error) {
  show("execSync failure", [error.status, error.signal, error.message, String(error.stdout), String(error.stderr)]);
}
show(
  "python3 -c",
  execFileSync("python3", ["-c", "import sys; print(sys.argv, sum(range(10)))", "x", "y z"], { encoding: "utf8" }),
);
show(
  "node -e",
  execFileSync(process.execPath, ["-e", "console.log(process.argv.length, typeof require, __filename, __dirname)"], {
    encoding: "utf8",
  }),
);
show("node -p", execFileSync("node", ["-p", "6 * 7"], { encoding: "utf8" }));
show("node -v", spawnSync(process.execPath, ["-v"], { encoding: "utf8" }).stdout);
const file = spawnSync("node", ["scripts/01_argv.js", "one", "two words"], { encoding: "utf8" });
show("spawnSync node FILE", [file.status, file.signal, file.stdout, file.stderr, file.output.length]);
const fromStdin = spawnSync("python3", ["-"], { input: "print('code from stdin')\n", encoding: "utf8" });
show("python3 -", [fromStdin.status, fromStdin.stdout]);
const failed = spawnSync("python3", ["-c", "import sys; print('out'); sys.stderr.write('no\\n'); sys.exit(4)"], {
  encoding: "utf8",
});
show("python3 exit 4", [failed.status, failed.stdout, failed.stderr]);
const missing = spawnSync("skillbox-no-such-program", ["--version"]);
show("missing program", [missing.error.code, missing.error.syscall, missing.status]);
execSync("mkdir -p out && echo written by sh > out/from_sh.txt");
show("a child's file", fs.readFileSync("out/from_sh.txt", "utf8"));
fs.writeFileSync("out/from_parent.txt", "the parent wrote this\n");
show("the parent's file", execSync("cat out/from_parent.txt", { encoding: "utf8" }));
show("env", execSync('echo "$GREETING"', { env: { ...process.env, GREETING: "hi there" }, encoding: "utf8" }));
show("cwd", execSync("ls", { cwd: "data/sub", encoding: "utf8" }));
show("bash -c", execFileSync("bash", ["-c", 'a=(x y z); echo "${#a[@]} ${a[1]}"'], { encoding: "utf8" }));
show(
  "stdin as a stream",
  execFileSync("node", ["-e", "process.stdin.on('data', (d) => process.stdout.write(String(d).toUpperCase()))"], {
    input: "abc\n",
    encoding: "utf8",
  }),
);
show(
  "readFileSync(0)",
  execFileSync("node", ["-e", "console.log(require('fs').readFileSync(0, 'utf8').split(' ').length)"], {
    input: "a b c d",
    encoding: "utf8",
  }),
);
show("shell: true", execFileSync("echo", ["$((1 + 2))"], { shell: true, encoding: "utf8" }));
