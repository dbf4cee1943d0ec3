import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDeploymentConfig } from "../../src/app/deploymentConfig";
import { runtimeAssetSources } from "../../src/sandbox/host/runtimeAssets";
import {
  chooseShellEngine,
  type ShellEngineConfig,
  shellEngineConfigSchema,
} from "../../src/sandbox/shellEngine";
import {
  evalFreeFunction,
  VARIADIC_ADAPTER_BODY,
  VARIADIC_ADAPTER_PARAMS,
} from "../../workers/shared/evalFreeFunction";

describe("chooseShellEngine", () => {
  test("auto takes Wasmer only with a package on an isolated page", () => {
    expect(chooseShellEngine({ engine: "auto" }, true, true)).toBe("wasmer");
    expect(chooseShellEngine({ engine: "auto" }, true, false)).toBe("builtin");
    expect(chooseShellEngine({ engine: "auto" }, false, true)).toBe("builtin");
    expect(chooseShellEngine(undefined, false, false)).toBe("builtin");
  });

  test("builtin is always the built-in engine", () => {
    expect(chooseShellEngine({ engine: "builtin" }, true, true)).toBe("builtin");
  });

  test("wasmer without what it needs is an error that says what is missing", () => {
    expect(chooseShellEngine({ engine: "wasmer" }, true, true)).toBe("wasmer");
    expect(() => chooseShellEngine({ engine: "wasmer" }, true, false)).toThrow(
      "the wasmer shell engine needs a cross-origin-isolated page (COOP/COEP headers)",
    );
    expect(() => chooseShellEngine({ engine: "wasmer" }, false, true)).toThrow(
      "the wasmer shell engine has no package configured",
    );
  });
});

describe("shellEngineConfigSchema", () => {
  test("defaults to auto and accepts same-origin paths and http(s) URLs", () => {
    expect(shellEngineConfigSchema.parse({})).toEqual({ engine: "auto" });
    for (const url of ["/vendor/shell/bash.webc", "https://example.com/bash.webc"]) {
      expect(shellEngineConfigSchema.parse({ package: url }).package).toBe(url);
    }
  });

  test("rejects other URL schemes, unknown keys and wasmer without a package", () => {
    const issues = (value: unknown) =>
      shellEngineConfigSchema.safeParse(value).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ package: "javascript:alert(1)" })).toEqual(["package"]);
    expect(issues({ package: "data:application/wasm;base64,AA" })).toEqual(["package"]);
    expect(issues({ engine: "wasmer" })).toEqual(["package"]);
    expect(issues({ engine: "bash" })).toEqual(["engine"]);
    expect(issues({ shellPackage: "/x.webc" })).toEqual([""]);
  });
});

describe("runtimeAssetSources for the shell", () => {
  const shellSource = (shell?: ShellEngineConfig) =>
    runtimeAssetSources({ shell }).find((source) => source.language === "shell");

  test("the built-in engine needs no assets", () => {
    expect(shellSource()).toEqual({ language: "shell", files: {}, shell: { engine: "auto" } });
    expect(shellSource({ engine: "builtin", package: "/bash.webc" })?.files).toEqual({});
  });

  test("a package brings the SDK's module and the package, with the command", () => {
    expect(shellSource({ package: "/vendor/shell/bash.webc", command: "bash" })).toEqual({
      language: "shell",
      files: {
        "wasmer_sdk_js_bg.wasm": "/vendor/wasmer/pkg/wasmer_sdk_js_bg.wasm",
        "shell-package": "/vendor/shell/bash.webc",
      },
      shell: { engine: "auto", command: "bash" },
    });
  });
});

describe("loadDeploymentConfig against a real server", () => {
  const bodies: Record<string, { status: number; body: string }> = {
    "/valid.json": {
      status: 200,
      body: JSON.stringify({ shell: { package: "/vendor/shell/bash.webc", command: "bash" } }),
    },
    "/broken.json": { status: 200, body: "{ shell: " },
    "/wrong.json": { status: 200, body: JSON.stringify({ shell: { engine: "wasmer" }, x: 1 }) },
    "/error.json": { status: 500, body: "" },
  };
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = bodies[req.url ?? ""] ?? { status: 404, body: "" };
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  test("no file means the defaults; a valid file is parsed", async () => {
    expect(await loadDeploymentConfig(`${base}/missing.json`)).toEqual({});
    expect(await loadDeploymentConfig(`${base}/valid.json`)).toEqual({
      shell: { engine: "auto", package: "/vendor/shell/bash.webc", command: "bash" },
    });
  });

  test("a broken or wrong file is an error naming the file and every problem", async () => {
    await expect(loadDeploymentConfig(`${base}/broken.json`)).rejects.toThrow(
      `${base}/broken.json is not valid JSON`,
    );
    const wrong = loadDeploymentConfig(`${base}/wrong.json`);
    await expect(wrong).rejects.toThrow(`${base}/wrong.json: `);
    await expect(wrong).rejects.toThrow("shell.package: the wasmer engine needs a package");
    await expect(wrong).rejects.toThrow('(root): Unrecognized key: "x"');
    await expect(loadDeploymentConfig(`${base}/error.json`)).rejects.toThrow("HTTP 500");
  });
});

describe("evalFreeFunction", () => {
  const refuse = () => {
    throw new EvalError("refused");
  };
  const EvalFree = evalFreeFunction(refuse);

  test("builds wasm-bindgen's variadic adapter without compiling a string", () => {
    const adapter = new EvalFree(VARIADIC_ADAPTER_PARAMS, VARIADIC_ADAPTER_BODY) as (
      f: (args: unknown[]) => unknown,
      ...rest: unknown[]
    ) => unknown;
    expect(adapter((args) => args, 1, "two", null)).toEqual([1, "two", null]);
    expect(adapter((args) => args.length)).toBe(0);
  });

  test("hands every other source to the fallback", () => {
    expect(() => new EvalFree("return fetch")).toThrow("refused");
    expect(() => new EvalFree(VARIADIC_ADAPTER_PARAMS, `${VARIADIC_ADAPTER_BODY};`)).toThrow(
      "refused",
    );
    expect(() => new EvalFree("g", VARIADIC_ADAPTER_BODY)).toThrow("refused");
  });
});
