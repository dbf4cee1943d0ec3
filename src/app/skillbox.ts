import { CacheOutputFileStore } from "../files/outputFiles";
import type { FrameStatus } from "../sandbox/frame/frameApi";
import { runtimeAssetSources } from "../sandbox/host/runtimeAssets";
import { SandboxHost } from "../sandbox/host/sandboxHost";
import { IdbSkillStorage } from "../skills/idbStorage";
import { type SkillCatalog, SkillRegistry, type SkillSummary } from "../skills/registry";
import { bundleFromBase64Zip, bundleFromEntries, bundleFromMap } from "../skills/sources";
import { MemorySkillStorage, type SkillStorage } from "../skills/storage";
import { bindAll } from "../tools/binding";
import type { SkillToolCallRecord, Usage } from "../tools/records";
import { SkillTools, type ToolResult } from "../tools/skillTools";
import { loadDemoSkills } from "./demoSkills";

/** What `installSkill` accepts: a map of `FOLDER/path` → contents, or a base64 zip. */
export type InstallSource = { files: Record<string, string | Uint8Array> } | { zipBase64: string };

export interface CallToolOptions {
  /** Skills bound and Active for this call; default: every installed skill. */
  skills?: string[];
  /** Time limit of this call's run, in milliseconds (default 30 s). */
  timeLimitMs?: number;
}

/** The automation hook of CONTRACT §6, exposed as `window.skillbox`. */
export interface SkillboxApi {
  /** Resolves once the demo skills are installed and the sandbox is attached. */
  ready: Promise<void>;
  installSkill(source: InstallSource): Promise<{ name: string; version: number }>;
  callTool(toolName: string, args: unknown, options?: CallToolOptions): Promise<ToolResult>;
  listSkills(): Promise<SkillSummary[]>;
  usage(): Usage;
  records(): SkillToolCallRecord[];
  status(): Promise<FrameStatus>;
}

/** IndexedDB when the browser offers it (a reload keeps every skill), memory otherwise. */
async function openStorage(): Promise<SkillStorage> {
  try {
    return await IdbSkillStorage.open();
  } catch {
    return new MemorySkillStorage();
  }
}

/** Wires the library, the sandbox and the tools into the app's Skillbox. */
export function createSkillbox(): SkillboxApi {
  const records: SkillToolCallRecord[] = [];
  let host: SandboxHost | undefined;

  // The demo skills are what an empty library starts with.
  const library = (async () => {
    const registry = new SkillRegistry(await openStorage());
    if ((await registry.listSkills()).length === 0) {
      for (const entries of await loadDemoSkills())
        await registry.install(bundleFromEntries(entries));
    }
    return registry;
  })();
  const sandbox = SandboxHost.open({ runtimes: runtimeAssetSources() }).then((opened) => {
    host = opened;
  });
  const ready = Promise.all([library, sandbox]).then(() => undefined);

  const catalog: SkillCatalog = {
    getSkill: async (name, version) => (await library).getSkill(name, version),
    listSkills: async () => (await library).listSkills(),
  };

  const tools = new SkillTools({
    catalog,
    runtime: {
      run: async (request, signal) => {
        await ready;
        return host!.run(request, signal);
      },
    },
    files: new CacheOutputFileStore(),
    onCall: (record) => records.push(record),
  });

  return {
    ready,
    async installSkill(source) {
      const bundle =
        "files" in source ? bundleFromMap(source.files) : bundleFromBase64Zip(source.zipBase64);
      return (await library).install(bundle);
    },
    async callTool(toolName, args, options = {}) {
      const names = options.skills ?? (await catalog.listSkills()).map((s) => s.name);
      return tools.call(toolName, args, {
        binding: bindAll(names),
        ...(options.timeLimitMs === undefined ? {} : { timeLimitMs: options.timeLimitMs }),
      });
    },
    listSkills: () => catalog.listSkills(),
    usage: () => ({ ...tools.usage }),
    records: () => [...records],
    async status() {
      await ready;
      return host!.status();
    },
  };
}
