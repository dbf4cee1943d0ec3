import { describe, expect, test } from "vitest";
import {
  decodeSubrunOutcome,
  encodeSubrunOutcome,
  type SubrunOutcome,
} from "../../src/sandbox/subrunReply";
import { ChildProcesses } from "../../workers/javascript/childProcesses";
import {
  interpreterRun,
  runInterpreterCommand,
  withCodeFromStdin,
} from "../../workers/shared/interpreterCommand";
import type { RunIo, SubrunSpec, WorkingTree } from "../../workers/shared/sandboxWorker";

const ROOT = "/skills/demo";
const text = (value: string) => new TextEncoder().encode(value);

/** A RunIo whose sub-runs are recorded and answered by `answer` (at once, or when released). */
function fakeIo(answer: (spec: SubrunSpec) => SubrunOutcome = () => ok("")) {
  const started: SubrunSpec[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  const io = {
    subrun: (spec: SubrunSpec) =>
      new Promise<SubrunOutcome>((resolve) => {
        started.push(spec);
        const done = () => resolve(answer(spec));
        if (holding) held.push(done);
        else done();
      }),
    subrunSync: (spec: SubrunSpec) => {
      started.push(spec);
      return answer(spec);
    },
  } as unknown as RunIo;
  return {
    io,
    started,
    hold() {
      holding = true;
    },
    releaseOne() {
      held.shift()?.();
    },
  };
}

function ok(stdout: string, files: SubrunOutcome["files"] = []): SubrunOutcome {
  return { exitCode: 0, stdout, stderr: "", files };
}

const tree: WorkingTree = {
  files: [
    { path: "scripts/report.py", data: text("print('report')\n") },
    { path: "scripts/filter.py", data: text("import sys\nfor line in sys.stdin: print(line)\n") },
    { path: "scripts/tool.js", data: text("console.log(1)\n") },
  ],
  directories: ["scripts", "data"],
};

function childFiles(written: SubrunOutcome["files"][] = []) {
  return {
    root: ROOT,
    exists: (path: string) => tree.files.some((f) => `${ROOT}/${f.path}` === path),
    tree: () => tree,
    write: (files: SubrunOutcome["files"]) => written.push(files),
  };
}

const request = (file: string, args: string[], extra: object = {}) =>
  JSON.stringify({ file, args, cwd: ROOT, env: {}, ...extra });

describe("reading an interpreter's command line", () => {
  test("node: a script after options, -e and -p code, or code on stdin", () => {
    expect(interpreterRun("node", ["--no-warnings", "-r", "x", "a.js", "-e"], "/w")).toEqual({
      language: "javascript",
      script: "/w/a.js",
      args: ["-e"],
    });
    expect(interpreterRun("/usr/local/bin/node", ["-e", "code", "x"], "/w")).toEqual({
      language: "javascript",
      inline: { code: "code", program: "node" },
      args: ["x"],
    });
    expect(interpreterRun("node", ["-p", "1+1"], "/w")).toMatchObject({
      inline: { code: 'console.log(eval("1+1"))' },
    });
    expect(interpreterRun("node", [], "/w")).toMatchObject({ codeFromStdin: { program: "node" } });
    expect(interpreterRun("node", ["--version"], "/w")).toMatchObject({
      inline: { code: "console.log(process.version)" },
    });
  });

  test("python3: -c, -m as runpy, options with values, a script, or -", () => {
    expect(interpreterRun("python3", ["-u", "-W", "ignore", "s.py", "a"], "/w")).toEqual({
      language: "python",
      script: "/w/s.py",
      args: ["a"],
    });
    expect(interpreterRun("python3.11", ["-c", "print(1)", "x"], "/w")).toEqual({
      language: "python",
      inline: { code: "print(1)", program: "python3" },
      args: ["x"],
    });
    expect(interpreterRun("python", ["-m", "json.tool"], "/w")).toMatchObject({
      inline: { code: expect.stringContaining('runpy.run_module("json.tool"') },
    });
    expect(interpreterRun("python3", ["-V"], "/w")).toMatchObject({
      inline: { code: expect.stringContaining("sys.version") },
    });
    expect(interpreterRun("python3", ["-", "a"], "/w")).toMatchObject({
      codeFromStdin: { program: "python3" },
      args: ["a"],
    });
  });

  test("sh and bash: options become `set`, -c code keeps $0 and the rest", () => {
    expect(
      interpreterRun("bash", ["-e", "-o", "pipefail", "-c", "echo $0 $1", "me", "x"], "/w"),
    ).toEqual({
      language: "shell",
      inline: { code: "set -e -o 'pipefail'\necho $0 $1", program: "bash" },
      args: ["me", "x"],
    });
    expect(interpreterRun("/bin/sh", ["../run.sh", "a"], "/w/sub")).toEqual({
      language: "shell",
      script: "/w/run.sh",
      args: ["a"],
    });
    expect(interpreterRun("ls", ["-l"], "/w")).toBeNull();
  });

  test("code on stdin becomes the program, and the program's stdin is then empty", () => {
    const run = interpreterRun("python3", [], "/w")!;
    const { run: resolved, stdin } = withCodeFromStdin(run, text("print('hi')"));
    expect(resolved).toEqual({
      language: "python",
      inline: { code: "print('hi')", program: "python3" },
      args: [],
    });
    expect(stdin).toHaveLength(0);
  });
});

describe("python3 and node inside a shell script", () => {
  const place = { cwd: `${ROOT}/data`, roots: [ROOT] };

  test("a script that does not read stdin leaves the shell's input where it is", async () => {
    const { io, started } = fakeIo();
    let asked = 0;
    const input = async () => {
      asked++;
      return text("lines\n");
    };
    await runInterpreterCommand(io, "python3", ["../scripts/report.py"], place, tree, input);
    expect(asked).toBe(0);
    expect(started[0]).toMatchObject({ scriptPath: "scripts/report.py", cwd: "data" });
    expect(started[0]!.stdin).toHaveLength(0);
    await runInterpreterCommand(io, "python3", ["../scripts/filter.py"], place, tree, input);
    expect(asked).toBe(1);
    expect(new TextDecoder().decode(started[1]!.stdin)).toBe("lines\n");
  });

  test("input the shell already holds is always given", async () => {
    const { io, started } = fakeIo();
    await runInterpreterCommand(io, "node", ["-e", "1"], place, tree, text("held"));
    expect(new TextDecoder().decode(started[0]!.stdin)).toBe("held");
  });

  test("a script outside the skill, or missing, fails as python3 does; nothing starts", async () => {
    const { io, started } = fakeIo();
    const outside = await runInterpreterCommand(
      io,
      "python3",
      ["/etc/passwd"],
      place,
      tree,
      text(""),
    );
    expect(outside).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("can't open file '/etc/passwd'"),
    });
    const missing = await runInterpreterCommand(io, "python3", ["nope.py"], place, tree, text(""));
    expect(missing.exitCode).toBe(2);
    expect(started).toHaveLength(0);
  });
});

describe("a Node script's child processes", () => {
  test("an interpreter, a skill script by extension, `env`, and a bare command through sh", () => {
    const { io, started } = fakeIo();
    const children = new ChildProcesses(io, childFiles());
    children.runSync(request("python3", ["scripts/report.py", "a"]), new Uint8Array());
    children.runSync(request("./scripts/tool.js", ["b"]), new Uint8Array());
    children.runSync(request("env", ["A=1", "node", "-e", "x"]), new Uint8Array());
    children.runSync(request("ls", ["-l"], { cwd: `${ROOT}/data` }), new Uint8Array());
    expect(started.map(({ tree: _tree, stdin: _stdin, ...spec }) => spec)).toEqual([
      { language: "python", scriptPath: "scripts/report.py", args: ["a"], env: {} },
      { language: "javascript", scriptPath: "scripts/tool.js", args: ["b"], env: {} },
      {
        language: "javascript",
        scriptPath: "",
        inline: { code: "x", program: "node" },
        args: [],
        env: { A: "1" },
      },
      {
        language: "shell",
        scriptPath: "",
        inline: { code: expect.stringContaining('command -v "$0"'), program: "sh" },
        args: ["ls", "-l"],
        env: {},
        cwd: "data",
      },
    ]);
  });

  test("a program the sandbox lacks is not found, whether by path or by name", () => {
    const { io, started } = fakeIo(() => ({ exitCode: 127, stdout: "", stderr: "", files: [] }));
    const children = new ChildProcesses(io, childFiles());
    expect(children.runSync(request("./scripts/missing.py", []), new Uint8Array())).toEqual({
      notFound: true,
    });
    expect(started).toHaveLength(0);
    expect(children.runSync(request("git", ["status"]), new Uint8Array())).toEqual({
      notFound: true,
    });
    // A script's own exit 127 is its status, not a missing program.
    expect(
      children.runSync(request("node", ["-e", "process.exit(127)"]), new Uint8Array()),
    ).toMatchObject({
      exitCode: 127,
    });
  });

  test("what a child writes lands in the parent's files", () => {
    const written: SubrunOutcome["files"][] = [];
    const file = { path: "out/a.txt", data: text("a") };
    const { io } = fakeIo(() => ok("done", [file]));
    const children = new ChildProcesses(io, childFiles(written));
    expect(children.runSync(request("sh", ["-c", "echo a > out/a.txt"]), new Uint8Array())).toEqual(
      {
        exitCode: 0,
        stdout: "done",
        stderr: "",
      },
    );
    expect(written).toEqual([[file]]);
  });

  test("no shared memory: a synchronous child is refused, not started", () => {
    const { io, started } = fakeIo();
    const children = new ChildProcesses({ ...io, subrunSync: null }, childFiles());
    expect(children.runSync(request("node", ["-e", "1"]), new Uint8Array())).toBeNull();
    expect(started).toHaveLength(0);
  });

  test("at most four children run at once; the rest start as places free, in order", async () => {
    const fake = fakeIo((spec) => ok(spec.args[0] ?? ""));
    fake.hold();
    const children = new ChildProcesses(fake.io, childFiles());
    for (let id = 1; id <= 6; id++) {
      expect(children.start(id, request("node", ["-e", "x", String(id)]), new Uint8Array())).toBe(
        true,
      );
    }
    expect(fake.started.map((s) => s.args[0])).toEqual(["1", "2", "3", "4"]);
    expect(children.pending).toBe(true);
    fake.releaseOne();
    await children.nextFinished();
    expect(children.takeFinished()).toEqual([
      { id: 1, outcome: { exitCode: 0, stdout: "1", stderr: "" } },
    ]);
    expect(fake.started.map((s) => s.args[0])).toEqual(["1", "2", "3", "4", "5"]);
    for (let i = 0; i < 5; i++) {
      fake.releaseOne();
      await children.nextFinished();
      children.takeFinished();
    }
    expect(children.pending).toBe(false);
  });

  test("start answers false at once for a missing program by path", () => {
    const { io } = fakeIo();
    const children = new ChildProcesses(io, childFiles());
    expect(children.start(1, request("./nope.sh", []), new Uint8Array())).toBe(false);
    expect(children.pending).toBe(false);
  });
});

describe("a blocking sub-run's outcome as bytes", () => {
  test("streams, code and binary files survive the round trip", () => {
    const outcome: SubrunOutcome = {
      exitCode: 3,
      stdout: "out ✓\n",
      stderr: "err\n",
      files: [
        { path: "a.bin", data: new Uint8Array([0, 255, 10]) },
        { path: "dir/ü.txt", data: text("ünï") },
        { path: "empty", data: new Uint8Array() },
      ],
    };
    const bytes = encodeSubrunOutcome(outcome);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    shared.set(bytes);
    expect(decodeSubrunOutcome(shared.slice())).toEqual(outcome);
  });
});
