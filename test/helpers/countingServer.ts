import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback server that counts every request and upgrade attempt it receives. */
export interface CountingServer {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

export async function startCountingServer(): Promise<CountingServer> {
  const hits: string[] = [];
  const record = (req: IncomingMessage) => hits.push(`${req.method} ${req.url}`);
  const server: Server = createServer((req, res) => {
    record(req);
    res.writeHead(200, {
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Content-Type": "text/javascript",
    });
    res.end("/* counted */");
  });
  server.on("upgrade", (req, socket) => {
    record(req);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
