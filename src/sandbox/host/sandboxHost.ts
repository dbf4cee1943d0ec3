import { type Remote, wrap } from "comlink";
import { SANDBOX_PAGE_PATH } from "../../server/securityHeaders";
import {
  CONNECT_MESSAGE,
  type FrameStatus,
  type RuntimeSetup,
  type SandboxFrameApi,
} from "../frame/frameApi";
import type { RelaxableLayer } from "../protocol";
import type { RawRunOutcome, RunRequest, Runtime, ScriptLanguage } from "../runtime";
import type { ShellEngineSettings } from "../shellEngine";
import { rawRunOutcomeSchema } from "./outcomeSchema";

/** Where the page gets an asset: a URL to fetch, or a download of its own (a registry package). */
export type AssetLocation = string | (() => Promise<ArrayBuffer>);

export interface RuntimeAssetSource {
  language: ScriptLanguage;
  /** Files fetched by the page and handed to the frame as bytes. */
  files: Record<string, AssetLocation>;
  poolSize?: number;
  /** The shell runtime's engine choice. */
  shell?: ShellEngineSettings;
}

export interface SandboxHostOptions {
  /** Where the frame is attached; defaults to `document.body`. */
  container?: HTMLElement;
  runtimes: RuntimeAssetSource[];
  bootTimeoutMs?: number;
  /** How long the frame may take to load and answer. */
  connectTimeoutMs?: number;
  /** URL of the sandbox frame document; defaults to the app's `/sandbox.html`. */
  frameUrl?: string;
  /** Test-only: hardening layers to switch off, to prove the others hold alone. */
  relaxedLayers?: RelaxableLayer[];
}

const DEFAULT_BOOT_TIMEOUT_MS = 60_000;
/** Slack on top of a run's time limit (and a cold boot) before the page stops trusting the frame. */
const BACKSTOP_SLACK_MS = 5_000;

async function fetchBytes(location: AssetLocation): Promise<ArrayBuffer> {
  if (typeof location !== "string") return location();
  const url = location;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * The page's side of the sandbox: an opaque-origin `<iframe sandbox="allow-scripts">` served
 * with a no-network CSP, hosting the worker pools. It implements {@link Runtime}; a backstop
 * timer replaces the frame should it ever stop answering.
 */
export class SandboxHost implements Runtime {
  private frame!: HTMLIFrameElement;
  private api!: Remote<SandboxFrameApi>;
  private readonly setups = new Map<ScriptLanguage, RuntimeSetup>();
  private readonly bootTimeoutMs: number;

  private constructor(private readonly options: SandboxHostOptions) {
    this.bootTimeoutMs = options.bootTimeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
  }

  static async open(options: SandboxHostOptions): Promise<SandboxHost> {
    const host = new SandboxHost(options);
    for (const source of options.runtimes) {
      const entries = await Promise.all(
        Object.entries(source.files).map(
          async ([name, url]) => [name, await fetchBytes(url)] as const,
        ),
      );
      host.setups.set(source.language, {
        assets: Object.fromEntries(entries),
        poolSize: source.poolSize ?? 1,
        bootTimeoutMs: host.bootTimeoutMs,
        relaxedLayers: options.relaxedLayers ?? [],
        shell: source.shell,
      });
    }
    await host.attachFrame();
    return host;
  }

  private async attachFrame(): Promise<void> {
    const frame = document.createElement("iframe");
    frame.sandbox.add("allow-scripts");
    frame.allow = "cross-origin-isolated";
    frame.title = "Skillbox sandbox";
    frame.hidden = true;
    frame.src = this.options.frameUrl ?? SANDBOX_PAGE_PATH;
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("the sandbox frame did not load")),
        this.options.connectTimeoutMs ?? 30_000,
      );
      frame.addEventListener(
        "load",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    (this.options.container ?? document.body).append(frame);
    await loaded;
    const channel = new MessageChannel();
    frame.contentWindow!.postMessage(CONNECT_MESSAGE, "*", [channel.port2]);
    this.frame = frame;
    this.api = wrap<SandboxFrameApi>(channel.port1);
    for (const [language, setup] of this.setups) await this.api.configure(language, setup);
  }

  status(): Promise<FrameStatus> {
    return this.api.status();
  }

  async run(request: RunRequest, signal?: AbortSignal): Promise<RawRunOutcome> {
    if (!this.setups.has(request.language)) {
      throw new Error(`no ${request.language} runtime is configured in this sandbox`);
    }
    const onAbort = () => void this.api.cancel(request.runId);
    signal?.addEventListener("abort", onAbort, { once: true });
    let backstop: ReturnType<typeof setTimeout> | undefined;
    const frameLost = new Promise<never>((_, reject) => {
      backstop = setTimeout(
        () => reject(new Error("the sandbox stopped answering and was restarted")),
        request.timeLimitMs + this.bootTimeoutMs + BACKSTOP_SLACK_MS,
      );
    });
    try {
      const outcome = await Promise.race([this.api.run(request), frameLost]);
      return rawRunOutcomeSchema.parse(outcome);
    } catch (error) {
      if ((error as Error).message.startsWith("the sandbox stopped answering"))
        await this.restart();
      throw error;
    } finally {
      clearTimeout(backstop);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private async restart(): Promise<void> {
    this.frame.remove();
    await this.attachFrame();
  }
}
