import type { ScriptLanguage } from "../runtime";

/** Where one runtime is on its way to running scripts, for a status line. */
export type RuntimeLoadState =
  /** Not fetched yet: it loads on its first run. */
  | { state: "waiting" }
  /** Its files are downloading (`totalBytes` is null while a size is unknown). */
  | { state: "loading"; loadedBytes: number; totalBytes: number | null }
  /** Handed to the sandbox: scripts run (the first one may wait for a worker to boot). */
  | { state: "ready" }
  | { state: "unavailable"; reason: string };

interface Download {
  loaded: number;
  total: number | null;
}

/** Each runtime's load state, as the sandbox host reports it. */
export class RuntimeLoads {
  private readonly states = new Map<ScriptLanguage, RuntimeLoadState>();
  private readonly downloads = new Map<ScriptLanguage, Map<string, Download>>();

  set(language: ScriptLanguage, state: RuntimeLoadState): void {
    this.states.set(language, state);
    if (state.state !== "loading") this.downloads.delete(language);
  }

  /** One file's progress; the runtime's state sums its files. */
  progress(language: ScriptLanguage, file: string, loaded: number, total: number | null): void {
    let files = this.downloads.get(language);
    if (!files) {
      files = new Map();
      this.downloads.set(language, files);
    }
    files.set(file, { loaded, total });
    const all = [...files.values()];
    this.states.set(language, {
      state: "loading",
      loadedBytes: all.reduce((sum, download) => sum + download.loaded, 0),
      totalBytes: all.some((download) => download.total === null)
        ? null
        : all.reduce((sum, download) => sum + download.total!, 0),
    });
  }

  snapshot(): Partial<Record<ScriptLanguage, RuntimeLoadState>> {
    return Object.fromEntries(this.states);
  }
}
