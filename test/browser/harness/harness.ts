import { sandboxAssets } from "../../../src/sandbox/host/runtimeAssets";
import { SandboxHost } from "../../../src/sandbox/host/sandboxHost";
import type { RelaxableLayer } from "../../../src/sandbox/protocol";
import type { RawRunOutcome, RunRequest } from "../../../src/sandbox/runtime";
import { DEFAULT_ASSETS_URL } from "../../../src/sandbox/runtimeLayout";
import type { ShellEngineConfig } from "../../../src/sandbox/shellEngine";

/** A bare sandbox host for layer tests: the production frame, with chosen layers switched off. */
export interface SandboxHarness {
  open(options: {
    relaxedLayers: RelaxableLayer[];
    relaxCsp: boolean;
    shell?: ShellEngineConfig;
  }): Promise<void>;
  run(request: RunRequest): Promise<RawRunOutcome>;
}

declare global {
  interface Window {
    harness: SandboxHarness;
  }
}

let host: SandboxHost | undefined;

window.harness = {
  async open({ relaxedLayers, relaxCsp, shell }) {
    host = await SandboxHost.open(sandboxAssets({ assetsUrl: DEFAULT_ASSETS_URL, shell }), {
      relaxCsp,
      relaxedLayers,
    });
  },
  run(request) {
    if (!host) throw new Error("open the harness first");
    return host.run(request);
  },
};
