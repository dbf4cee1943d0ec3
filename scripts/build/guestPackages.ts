import { join } from "node:path";
import { type Plugin as EsbuildPlugin, build as esbuild } from "esbuild";
import type { Plugin } from "vite";

const root = join(import.meta.dirname, "../..");
const GUEST_PACKAGE_PREFIX = "virtual:guest-package:";
/** Userland copies of Node's own modules that the guest's built-ins are made of, by entry file. */
const GUEST_PACKAGES: Readonly<Record<string, string>> = {
  "readable-stream": "node_modules/readable-stream/lib/ours/browser.js",
  punycode: "node_modules/punycode/punycode.js",
  "web-streams-polyfill": "node_modules/web-streams-polyfill/dist/ponyfill.js",
};

/**
 * `virtual:guest-package:NAME`: a userland package bundled into one CommonJS body for the
 * QuickJS guest. Its imports of Node modules stay `require` calls, which the guest answers with
 * its own built-ins.
 */
export function guestPackages(): Plugin {
  const shims: EsbuildPlugin = {
    name: "guest-node-builtins",
    setup(build) {
      build.onResolve({ filter: /^(buffer|events|string_decoder\/?|process\/?)$/ }, (args) => ({
        path: args.path.replace(/\/$/, ""),
        external: true,
      }));
      build.onResolve({ filter: /^abort-controller$/ }, () => ({
        path: "abort-controller",
        namespace: "guest-global",
      }));
      build.onLoad({ filter: /.*/, namespace: "guest-global" }, () => ({
        contents:
          "module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };",
      }));
    },
  };
  return {
    name: "skillbox:guest-packages",
    resolveId: (id) => (id.startsWith(GUEST_PACKAGE_PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${GUEST_PACKAGE_PREFIX}`)) return undefined;
      const entry = GUEST_PACKAGES[id.slice(GUEST_PACKAGE_PREFIX.length + 1)];
      if (!entry) throw new Error(`no guest package for ${id.slice(1)}`);
      const result = await esbuild({
        entryPoints: [join(root, entry)],
        bundle: true,
        format: "cjs",
        platform: "browser",
        target: "es2020",
        write: false,
        legalComments: "inline",
        plugins: [shims],
      });
      return `export default ${JSON.stringify(result.outputFiles[0]!.text)};`;
    },
  };
}
