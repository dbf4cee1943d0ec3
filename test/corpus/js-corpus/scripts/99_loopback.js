// A server and its client in one run: net and http on loopback, fetch against them, the errors
// a port gives when nothing listens or something already does.
const net = require("net");
const http = require("http");
const os = require("os");
const path = require("path");

const once = (emitter, event) => new Promise((resolve) => emitter.once(event, (...a) => resolve(a)));
const withoutDate = (text) => text.replace(/Date: [^\r]*\r\n/, "Date: <date>\r\n");
const listenOn = (server, ...args) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(...args, () => resolve(server.address()));
  });
const closed = (server) => new Promise((resolve) => server.close((error) => resolve(error?.code ?? "closed")));

/** Sends `text` on a raw connection, half-closes, and gives back all that came before the end. */
function rawExchange(port, text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => (answer += d));
    socket.on("error", reject);
    socket.on("close", () => resolve(withoutDate(answer)));
  });
}

function get(options, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(options, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        const headers = { ...res.headers };
        delete headers.date;
        resolve([res.statusCode, res.statusMessage, res.httpVersion, headers, text]);
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function main() {
  // An echo server on an address Node picks; the client half-closes, the server answers and ends.
  const echo = net.createServer((socket) => {
    console.log("server side:", socket.remoteAddress, socket.localAddress, socket.localPort === port);
    const parts = [];
    socket.on("data", (d) => parts.push(d));
    socket.on("end", () => socket.end(Buffer.concat(parts).toString().toUpperCase()));
  });
  const { address, family, port } = await listenOn(echo, 0, "127.0.0.1");
  console.log("echo listening:", address, family, port >= 1024 && port < 65536);
  const client = net.connect({ port, host: "127.0.0.1" });
  await once(client, "connect");
  console.log("client:", client.remoteAddress, client.remotePort === port, client.remoteFamily, client.localAddress);
  client.write("hello ");
  client.end("loopback");
  let echoed = "";
  client.on("data", (d) => (echoed += d));
  await once(client, "close");
  console.log("echoed:", echoed, "bytes:", client.bytesWritten, client.bytesRead);

  // The port is taken: a second listener fails; after close, a connection is refused.
  const second = net.createServer();
  const taken = await listenOn(second, port, "127.0.0.1").catch((e) => e);
  console.log("second listen:", taken.code, taken.syscall, taken.errno, taken.port === port);
  console.log("getConnections:", await new Promise((r) => echo.getConnections((e, n) => r(n))));
  console.log("close:", await closed(echo), "address after close:", echo.address());
  console.log("close again:", await closed(echo));
  const refused = net.connect(port, "127.0.0.1");
  const [error] = await once(refused, "error");
  console.log("after close:", error.code, error.syscall, error.address, error.port === port);

  // A dual-stack server (no host) takes localhost; it sees the IPv4 peer IPv4-mapped.
  const dual = net.createServer((socket) => {
    console.log("dual sees:", socket.remoteAddress, socket.remoteFamily);
    socket.end("bye");
  });
  const bound = await listenOn(dual, 0);
  console.log("dual:", bound.address, bound.family);
  const local = net.connect(bound.port, "localhost");
  local.setEncoding("utf8");
  const [said] = await once(local, "data");
  console.log("localhost got:", said);
  await once(local, "close");
  await closed(dual);

  // A local socket path.
  const socketPath = path.join(os.tmpdir(), `skillbox-loopback-${process.pid}.sock`);
  const piped = net.createServer((socket) => socket.end("over the path"));
  await listenOn(piped, socketPath);
  console.log("path address is the path:", piped.address() === socketPath);
  const viaPath = net.connect(socketPath);
  viaPath.setEncoding("utf8");
  console.log("path:", (await once(viaPath, "data"))[0]);
  await once(viaPath, "close");
  await closed(piped);

  // HTTP: requests of each shape, answered in each of Node's framings.
  const api = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const seen = `${req.method} ${req.url} ${req.httpVersion} ${JSON.stringify(req.headers)} body=${JSON.stringify(body)}`;
      console.log("server got:", seen.replace(/:\d{4,5}"/g, ':<port>"'));
      if (req.url === "/json") {
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ ok: true, method: req.method, body }));
      } else if (req.url === "/stream") {
        res.writeHead(201, { "X-Parts": ["a", "b"] });
        res.write("one,");
        res.end("two");
      } else if (req.url === "/moved") {
        res.writeHead(302, { Location: "/json" });
        res.end();
      } else {
        res.statusCode = 404;
        res.statusMessage = "Nowhere";
        res.end();
      }
    });
  });
  const { port: apiPort } = await listenOn(api, 0, "127.0.0.1");
  console.log(await get({ port: apiPort, host: "127.0.0.1", path: "/json?x=1" }));
  console.log(await get({ port: apiPort, host: "127.0.0.1", path: "/json", method: "POST", headers: { "X-Custom": "yes" } }, "posted"));
  console.log(await get({ port: apiPort, host: "127.0.0.1", path: "/stream" }));
  console.log(await get({ port: apiPort, host: "127.0.0.1", path: "/nowhere", method: "HEAD" }));
  console.log(JSON.stringify(await rawExchange(apiPort, "GET /stream HTTP/1.1\r\nHost: raw\r\n\r\n")));
  console.log(JSON.stringify(await rawExchange(apiPort, "GET /json HTTP/1.0\r\n\r\n")));
  console.log(JSON.stringify(await rawExchange(apiPort, "POST /json HTTP/1.1\r\nHost: raw\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")));
  console.log(JSON.stringify(await rawExchange(apiPort, "not http at all\r\n\r\n")));

  const fetched = await fetch(`http://127.0.0.1:${apiPort}/json`, { method: "POST", body: "via fetch" });
  console.log("fetch:", fetched.status, fetched.ok, fetched.headers.get("content-type"), await fetched.json());
  const followed = await fetch(`http://localhost:${apiPort}/moved`);
  console.log("redirect:", followed.status, followed.redirected, new URL(followed.url).pathname, await followed.text());
  const manual = await fetch(`http://127.0.0.1:${apiPort}/moved`, { redirect: "manual" });
  console.log("manual:", manual.status, manual.headers.get("location"));
  console.log("api close:", await closed(api));
  const gone = await fetch(`http://127.0.0.1:${apiPort}/json`).catch((e) => e);
  console.log("fetch after close:", gone.name, gone.message, gone.cause.code);
}

main().catch((error) => {
  console.log("failed:", error);
  process.exitCode = 1;
});
