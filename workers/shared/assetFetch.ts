/**
 * Runs `boot` with a temporary `fetch` that answers only from the asset bytes the frame handed
 * in: the worker's CSP forbids every connection, and runtimes expect to fetch their files.
 */
export async function withAssetFetch<T>(
  assets: Record<string, ArrayBuffer>,
  boot: () => Promise<T>,
): Promise<T> {
  const scope = self as unknown as { fetch: typeof fetch };
  const shim = async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const name = new URL(url, "http://asset/").pathname.split("/").pop() ?? "";
    const bytes = assets[name];
    if (!bytes) throw new TypeError(`no network in the sandbox: ${url}`);
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes.slice(0), { headers: { "Content-Type": type } });
  };
  Object.defineProperty(self, "fetch", { value: shim, configurable: true, writable: true });
  try {
    return await boot();
  } finally {
    delete (scope as Partial<typeof scope>).fetch;
  }
}
