/**
 * Runs `boot` with a temporary `fetch` that answers only from the asset bytes the frame handed
 * in (the worker's CSP forbids every connection, and runtimes expect to fetch their files), and
 * with WebAssembly instantiation that uses the frame's compiled module for an asset it compiled,
 * so a worker instantiates in milliseconds instead of compiling the same bytes again.
 */
export async function withAssetFetch<T>(
  assets: Record<string, ArrayBuffer>,
  compiled: Record<string, WebAssembly.Module>,
  boot: () => Promise<T>,
): Promise<T> {
  const scope = self as unknown as { fetch: typeof fetch };
  const compiledFor = new WeakMap<Response, WebAssembly.Module>();
  const shim = async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const name = new URL(url, "http://asset/").pathname.split("/").pop() ?? "";
    const module = compiled[name];
    if (module) {
      const response = new Response(null, { headers: { "Content-Type": "application/wasm" } });
      compiledFor.set(response, module);
      return response;
    }
    const bytes = assets[name];
    if (!bytes) throw new TypeError(`no network in the sandbox: ${url}`);
    const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes.slice(0), { headers: { "Content-Type": type } });
  };
  const { instantiateStreaming, compileStreaming } = WebAssembly;
  const precompiled = async (source: Response | PromiseLike<Response>) =>
    compiledFor.get(await source);
  const patched: Pick<typeof WebAssembly, "instantiateStreaming" | "compileStreaming"> = {
    async instantiateStreaming(source, imports) {
      const module = await precompiled(source);
      if (!module) return instantiateStreaming(source, imports);
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    },
    async compileStreaming(source) {
      return (await precompiled(source)) ?? compileStreaming(source);
    },
  };
  Object.defineProperty(self, "fetch", { value: shim, configurable: true, writable: true });
  Object.assign(WebAssembly, patched);
  try {
    return await boot();
  } finally {
    delete (scope as Partial<typeof scope>).fetch;
    Object.assign(WebAssembly, { instantiateStreaming, compileStreaming });
  }
}
