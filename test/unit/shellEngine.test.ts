import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { loadDeploymentConfig } from "../../src/deployment/deploymentConfig";
import {
  evalFreeFunction,
  VARIADIC_ADAPTER_BODY,
  VARIADIC_ADAPTER_PARAMS,
} from "../../src/sandbox/evalFreeFunction";
import { runtimeAssetSources } from "../../src/sandbox/host/runtimeAssets";
import { downloadRegistryPackage } from "../../src/sandbox/host/wasmerRegistry";
import {
  chooseShellEngine,
  DEFAULT_WASMER_REGISTRY,
  type ShellEngineConfig,
  shellEngineConfigSchema,
} from "../../src/sandbox/shellEngine";

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
      "the wasmer shell engine needs SharedArrayBuffer: a cross-origin-isolated page (COOP/COEP headers) in a browser that offers it",
    );
    expect(() => chooseShellEngine({ engine: "wasmer" }, false, true)).toThrow(
      "the wasmer shell engine has no package: none is configured and this build has no dash and toybox (scripts/build-wasix-shell.sh)",
    );
  });
});

describe("shellEngineConfigSchema", () => {
  test("defaults to auto and accepts same-origin paths and http(s) URLs", () => {
    expect(shellEngineConfigSchema.parse({})).toEqual({
      engine: "auto",
      registry: DEFAULT_WASMER_REGISTRY,
    });
    for (const url of [
      "/vendor/shell/bash.webc",
      "https://example.com/bash.webc",
      "wasmer/bash",
      "wasmer/bash@1.0.24",
      "sharrattj/coreutils@^1.0",
    ]) {
      expect(shellEngineConfigSchema.parse({ package: url }).package).toBe(url);
    }
  });

  test("rejects other URL schemes and unknown keys; wasmer needs no package", () => {
    const issues = (value: unknown) =>
      shellEngineConfigSchema.safeParse(value).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ package: "javascript:alert(1)" })).toEqual(["package"]);
    expect(issues({ package: "data:application/wasm;base64,AA" })).toEqual(["package"]);
    expect(issues({ package: "vendor/bash.webc/x" })).toEqual(["package"]);
    expect(issues({ package: "wasmer/bash", registry: "ftp://x/graphql" })).toEqual(["registry"]);
    expect(issues({ engine: "wasmer" })).toEqual([]);
    expect(issues({ engine: "bash" })).toEqual(["engine"]);
    expect(issues({ shellPackage: "/x.webc" })).toEqual([""]);
  });
});

const ASSETS_URL = "https://app.example/skillbox/";

describe("runtimeAssetSources for the shell", () => {
  test("every URL is under the runtime folder", () => {
    const urls = runtimeAssetSources({ assetsUrl: ASSETS_URL }).flatMap((source) => [
      ...Object.values(source.modules),
      ...Object.values(source.files),
      source.assetBaseUrl,
    ]);
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${ASSETS_URL}`));
  });

  const shellSource = (shell?: ShellEngineConfig) =>
    runtimeAssetSources({ assetsUrl: ASSETS_URL, shell }).find(
      (source) => source.language === "shell",
    );

  test("auto brings dash and toybox only where there is shared memory", () => {
    vi.stubGlobal("crossOriginIsolated", true);
    try {
      expect(shellSource()?.files["shell-package"]).toBeTypeOf("function");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(shellSource()?.files).toEqual({});
  });

  test("the built-in engine needs no assets", () => {
    expect(shellSource()).toMatchObject({
      language: "shell",
      files: {},
      shell: { engine: "auto" },
    });
    expect(Object.keys(shellSource()?.modules ?? {})).toEqual(["worker"]);
    expect(shellSource({ engine: "builtin", package: "/bash.webc" })?.files).toEqual({});
  });

  test("the wasmer engine without a package brings the runtime folder's dash and toybox", () => {
    const source = shellSource({ engine: "wasmer" });
    expect(source?.shell).toEqual({ engine: "wasmer" });
    expect(source?.files["wasmer_sdk_js_bg.wasm"]).toBe(
      `${ASSETS_URL}vendor/wasmer/pkg/wasmer_sdk_js_bg.wasm`,
    );
    expect(typeof source?.files["shell-package"]).toBe("function");
  });

  test("a package brings the SDK's module and the package, with the command", () => {
    expect(shellSource({ package: "/vendor/shell/bash.webc", command: "bash" })).toMatchObject({
      language: "shell",
      files: {
        "wasmer_sdk_js_bg.wasm": `${ASSETS_URL}vendor/wasmer/pkg/wasmer_sdk_js_bg.wasm`,
        "shell-package": "/vendor/shell/bash.webc",
      },
      shell: { engine: "auto", command: "bash" },
    });
  });
});

describe("downloadRegistryPackage against a stand-in registry", () => {
  const webc = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
  const queries: { name: string; version?: string }[] = [];
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.url === "/bash.webc") return void res.writeHead(200).end(webc);
        if (req.url === "/down") return void res.writeHead(503).end();
        const { query, variables } = JSON.parse(body) as {
          query: string;
          variables: { name: string; version?: string };
        };
        queries.push(variables);
        const json = (value: unknown) =>
          res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(value));
        if (!query.includes("getPackageVersion(name: $name, version: $version)")) {
          return json({ errors: [{ message: "unknown query" }] });
        }
        if (variables.name === "broken/pkg") return json({ errors: [{ message: "boom" }] });
        if (variables.name === "wasmer/bash") {
          return json({
            data: {
              getPackageVersion: {
                version: variables.version ?? "1.0.24",
                distribution: {
                  webcDownloadUrl: variables.version === "0.1" ? null : `${base}/bash.webc`,
                  piritaDownloadUrl: null,
                },
              },
            },
          });
        }
        json({ data: { getPackageVersion: null } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  test("looks the version up, then downloads its .webc", async () => {
    const bytes = await downloadRegistryPackage("wasmer/bash@1.0.24", `${base}/graphql`);
    expect(new Uint8Array(bytes)).toEqual(webc);
    expect(queries.at(-1)).toEqual({ name: "wasmer/bash", version: "1.0.24" });
    await downloadRegistryPackage("wasmer/bash", `${base}/graphql`);
    expect(queries.at(-1)).toEqual({ name: "wasmer/bash" });
  });

  test("every way it can fail says which package and registry", async () => {
    const registry = `${base}/graphql`;
    await expect(downloadRegistryPackage("nobody/nothing", registry)).rejects.toThrow(
      `nobody/nothing is not in the registry ${registry}`,
    );
    await expect(downloadRegistryPackage("broken/pkg", registry)).rejects.toThrow(
      `registry ${registry}: boom`,
    );
    await expect(downloadRegistryPackage("wasmer/bash@0.1", registry)).rejects.toThrow(
      `wasmer/bash@0.1 has no .webc download in ${registry}`,
    );
    await expect(downloadRegistryPackage("wasmer/bash", `${base}/down`)).rejects.toThrow(
      `registry ${base}/down: HTTP 503`,
    );
  });

  test("a registry name in the config becomes a download by the page", () => {
    const source = runtimeAssetSources({
      assetsUrl: ASSETS_URL,
      shell: { package: "wasmer/bash@1.0.24" },
    }).find((s) => s.language === "shell");
    expect(typeof source?.files["shell-package"]).toBe("function");
  });
});

describe("loadDeploymentConfig against a real server", () => {
  const bodies: Record<string, { status: number; body: string }> = {
    "/valid.json": {
      status: 200,
      body: JSON.stringify({ shell: { package: "/vendor/shell/bash.webc", command: "bash" } }),
    },
    "/broken.json": { status: 200, body: "{ shell: " },
    "/wrong.json": { status: 200, body: JSON.stringify({ shell: { engine: "bash" }, x: 1 }) },
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
      shell: {
        engine: "auto",
        package: "/vendor/shell/bash.webc",
        command: "bash",
        registry: DEFAULT_WASMER_REGISTRY,
      },
    });
  });

  test("a broken or wrong file is an error naming the file and every problem", async () => {
    await expect(loadDeploymentConfig(`${base}/broken.json`)).rejects.toThrow(
      `${base}/broken.json is not valid JSON`,
    );
    const wrong = loadDeploymentConfig(`${base}/wrong.json`);
    await expect(wrong).rejects.toThrow(`${base}/wrong.json: `);
    await expect(wrong).rejects.toThrow("shell.engine: Invalid option");
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
