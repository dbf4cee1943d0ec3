import { z } from "../zod.ts";

/**
 * The Wasmer engine's own shell package: dash and toybox, built from Debian's sources by
 * scripts/build-wasix-shell.sh into the runtime folder ({@link WASIX_SHELL_MANIFEST} and its
 * modules). The page fetches the modules and hands them to the shell worker as one asset, which
 * the worker turns into an in-memory Wasmer package.
 */
export const WASIX_SHELL_MANIFEST = "shell.json";

const MODULE_FILE = /^[a-z0-9_-]+\.wasm$/;
const COMMAND_NAME = /^[A-Za-z0-9_.+-]+$/;

export const wasixShellManifestSchema = z.object({
  entrypoint: z.string().regex(COMMAND_NAME),
  /** Module name → its file beside the manifest. */
  modules: z.record(z.string().regex(/^[a-z0-9_-]+$/), z.string().regex(MODULE_FILE)),
  /** Command name → the module that runs it (a multi-call module reads its name from argv[0]). */
  commands: z.record(z.string().regex(COMMAND_NAME), z.string()),
  /** Where each program came from, for the notices (version, licence, source). */
  sources: z.record(
    z.string(),
    z.object({ version: z.string(), licence: z.string(), from: z.string() }),
  ),
});

export type WasixShellManifest = z.infer<typeof wasixShellManifestSchema>;

/** The package as `wasmer.packages.create` takes it. */
export interface WasixShellPackage {
  entrypoint: string;
  modules: Record<string, Uint8Array>;
  commands: Record<string, { module: string }>;
}

/** Marks a packed package, so the worker tells it from a `.webc` or a raw `.wasm` package. */
const MAGIC = new TextEncoder().encode("skillbox-wasix-shell\n");

const packedHeaderSchema = z.object({
  entrypoint: z.string(),
  commands: z.record(z.string(), z.string()),
  modules: z.array(z.object({ name: z.string(), length: z.number().int().nonnegative() })),
});

/** One buffer: the marker, a JSON header line (commands, module lengths), then the modules. */
export function packWasixShell(
  manifest: WasixShellManifest,
  modules: Record<string, Uint8Array>,
): ArrayBuffer {
  const order = Object.keys(manifest.modules);
  const header = new TextEncoder().encode(
    `${JSON.stringify({
      entrypoint: manifest.entrypoint,
      commands: manifest.commands,
      modules: order.map((name) => ({ name, length: modules[name]?.byteLength ?? 0 })),
    })}\n`,
  );
  const total =
    MAGIC.byteLength +
    header.byteLength +
    order.reduce((sum, name) => sum + (modules[name]?.byteLength ?? 0), 0);
  const bytes = new Uint8Array(total);
  bytes.set(MAGIC, 0);
  bytes.set(header, MAGIC.byteLength);
  let offset = MAGIC.byteLength + header.byteLength;
  for (const name of order) {
    const module = modules[name];
    if (!module) throw new Error(`the shell package lacks its module ${name}`);
    bytes.set(module, offset);
    offset += module.byteLength;
  }
  return bytes.buffer;
}

/** The package packed by {@link packWasixShell}; null for any other bytes. */
export function unpackWasixShell(buffer: ArrayBuffer): WasixShellPackage | null {
  const bytes = new Uint8Array(buffer);
  if (bytes.byteLength < MAGIC.byteLength || !MAGIC.every((byte, i) => bytes[i] === byte)) {
    return null;
  }
  const headerEnd = bytes.indexOf(0x0a, MAGIC.byteLength);
  if (headerEnd < 0) throw new Error("the shell package is cut short");
  const header = packedHeaderSchema.parse(
    JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.byteLength, headerEnd))),
  );
  const modules: Record<string, Uint8Array> = {};
  let offset = headerEnd + 1;
  for (const { name, length } of header.modules) {
    if (offset + length > bytes.byteLength) throw new Error("the shell package is cut short");
    modules[name] = bytes.slice(offset, offset + length);
    offset += length;
  }
  const commands = Object.fromEntries(
    Object.entries(header.commands).map(([command, module]) => {
      if (!modules[module]) throw new Error(`shell command ${command} names no module`);
      return [command, { module }];
    }),
  );
  return { entrypoint: header.entrypoint, modules, commands };
}

/**
 * Fetches the runtime folder's dash and toybox (`folderUrl` ends with `/`) and packs them; an
 * empty buffer when the build has none (a machine without the WASIX toolchain builds without).
 */
export async function fetchWasixShell(folderUrl: string): Promise<ArrayBuffer> {
  const response = await fetch(new URL(WASIX_SHELL_MANIFEST, folderUrl));
  if (response.status === 404) return new ArrayBuffer(0);
  if (!response.ok) throw new Error(`the WASIX shell's manifest: HTTP ${response.status}`);
  const manifest = wasixShellManifestSchema.parse(await response.json());
  const modules = Object.fromEntries(
    await Promise.all(
      Object.entries(manifest.modules).map(async ([name, file]) => {
        const module = await fetch(new URL(file, folderUrl));
        if (!module.ok) throw new Error(`the WASIX shell's ${file}: HTTP ${module.status}`);
        return [name, new Uint8Array(await module.arrayBuffer())] as const;
      }),
    ),
  );
  return packWasixShell(manifest, modules);
}
