import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "../../helpers/freePort";
import type { Engine, EnginePage } from "./enginePage";

/** Debian's WebKitGTK MiniBrowser, the browser `WebKitWebDriver` drives (in the multiarch folder). */
const MULTIARCH = process.arch === "arm64" ? "aarch64-linux-gnu" : "x86_64-linux-gnu";
export const MINIBROWSER = `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`;

/** A W3C WebDriver error: the driver answered with a non-2xx status. */
class WebDriverError extends Error {}

/**
 * The few WebDriver (classic) commands the suite needs, over fetch. Errors are told by HTTP
 * status: a script's own result may well be an object with an `error` key.
 */
class WebDriverSession {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(base: string, capabilities: unknown): Promise<WebDriverSession> {
    const value = (await command(base, "POST", "/session", { capabilities })) as {
      sessionId: string;
    };
    return new WebDriverSession(base, value.sessionId);
  }

  send(method: string, path: string, body?: unknown): Promise<unknown> {
    return command(this.base, method, `/session/${this.id}${path}`, body);
  }
}

async function command(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as { value: { error?: string; message?: string } };
  if (!response.ok) {
    throw new WebDriverError(`${method} ${path}: ${value.error}: ${value.message ?? ""}`);
  }
  return value;
}

/**
 * WebKit's WebDriver offers no console, and MiniBrowser ignores its console-to-stdout setting
 * under automation, so the page records its own: uncaught errors, unhandled rejections, CSP
 * violations and `console.error` calls of the top document, from when it is installed (after
 * each navigation) on. The sandbox frame's and workers' messages are out of its reach.
 */
function recordProblems(): void {
  const w = window as unknown as { skillboxProblems?: string[] };
  if (w.skillboxProblems) return;
  const problems: string[] = [];
  w.skillboxProblems = problems;
  addEventListener("error", (event) => problems.push(`uncaught: ${event.message}`));
  addEventListener("unhandledrejection", (event) =>
    problems.push(`unhandled rejection: ${String(event.reason)}`),
  );
  document.addEventListener("securitypolicyviolation", (event) =>
    problems.push(`CSP: ${event.violatedDirective} blocked ${event.blockedURI}`),
  );
  const original = console.error;
  console.error = (...args: unknown[]) => {
    problems.push(args.map(String).join(" "));
    original.apply(console, args);
  };
}

function webkitPage(session: WebDriverSession): EnginePage {
  const earlier: string[] = [];
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
    (await session.send("POST", "/execute/sync", {
      script: `return (${fn.toString()})(arguments[0]);`,
      args: [arg ?? null],
    })) as R;
  const recorded = () =>
    evaluate(
      () => (window as unknown as { skillboxProblems?: string[] }).skillboxProblems ?? [],
      null,
    );
  return {
    goto: async (url) => {
      earlier.push(...(await recorded().catch(() => [])));
      await session.send("POST", "/url", { url });
      await evaluate(recordProblems, null);
    },
    reload: async () => {
      earlier.push(...(await recorded()));
      await session.send("POST", "/refresh", {});
      await evaluate(recordProblems, null);
    },
    evaluate,
    consoleErrors: async () => [...earlier, ...(await recorded())],
    close: async () => {
      await session.send("DELETE", "");
    },
  };
}

/**
 * WebKitGTK through Debian's `WebKitWebDriver`, under a virtual X display (`xvfb-run`). Each page
 * is its own session, so its own MiniBrowser process with fresh storage.
 */
export async function webkitEngine(): Promise<Engine> {
  const port = await freePort();
  const driver: ChildProcess = spawn("xvfb-run", ["-a", "WebKitWebDriver", `--port=${port}`], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  driver.stdout?.resume();
  driver.stderr?.resume();
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await command(base, "GET", "/status");
      break;
    } catch (error) {
      if (attempt > 100 || driver.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const capabilities = {
    alwaysMatch: {
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": {
        binary: MINIBROWSER,
        args: ["--automation"],
      },
    },
  };
  return {
    name: "webkit",
    open: async () => {
      const session = await WebDriverSession.create(base, capabilities);
      await session.send("POST", "/timeouts", { script: 300_000, pageLoad: 120_000 });
      return webkitPage(session);
    },
    close: async () => {
      if (driver.pid !== undefined) process.kill(-driver.pid, "SIGTERM");
    },
  };
}
