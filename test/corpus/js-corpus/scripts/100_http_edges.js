// HTTP and net corners in one run: a stopped request, Node's argument errors, a listen that
// cannot bind, Expect: 100-continue, a server closing while a client still holds a connection.
const http = require("http");
const net = require("net");

const lines = [];
const log = (...parts) => lines.push(parts.join(" "));
const listenOn = (server, ...args) =>
  new Promise((resolve) => {
    server.once("error", (e) => resolve(e));
    server.listen(...args, () => resolve(server.address()));
  });

for (const attempt of [
  () => net.connect(70000, "127.0.0.1"),
  () => net.createServer().listen(-1),
  () => http.request({ method: "GET POST" }),
  () => http.request({ path: "/a b" }),
  () => new http.ServerResponse({ method: "GET", headers: {} }).setHeader("bad name", "x"),
  () => new http.ServerResponse({ method: "GET", headers: {} }).setHeader("x-undefined", undefined),
  () => http.validateHeaderName("ok-name"),
]) {
  try {
    attempt();
    console.log("no error");
  } catch (error) {
    console.log(error.name, error.code, error.message);
  }
}

async function main() {
  console.log("remote address:", (await listenOn(net.createServer(), 0, "203.0.113.9")).code);
  console.log("unknown host:", (await listenOn(net.createServer(), 0, "skillbox-test.invalid")).code);

  // What the test does once a slow request has reached the server: steps wait for that event,
  // not for a delay, so a loaded machine cannot reorder them.
  let onSlowRequest = () => {};
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      onSlowRequest();
      setTimeout(() => res.end("late"), 50);
      return;
    }
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      res.writeHead(200, "Fine", { "Content-Type": "text/plain" });
      res.end(`${req.method} ${body.length}`);
      try {
        res.setHeader("x-late", "1");
      } catch (error) {
        log("after send:", error.code);
      }
    });
  });
  const { port } = await listenOn(server, 0, "127.0.0.1");

  await new Promise((done) => {
    const req = http.get({ port, path: "/slow" }, () => log("stopped request answered?"));
    req.on("abort", () => log("abort event"));
    req.on("error", (error) => log("stopped request:", error.code, error.message));
    req.on("close", done);
    onSlowRequest = () => req.abort();
  });

  await new Promise((done) => {
    const req = http.request({ port, method: "PUT", headers: { Expect: "100-continue" } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (d) => log("continued:", res.statusCode, res.statusMessage, d));
      res.on("end", done);
    });
    req.on("continue", () => {
      log("continue event");
      req.end("x".repeat(70000));
    });
  });

  try {
    new http.ServerResponse({ method: "GET", headers: {} }).writeHead(1000);
  } catch (error) {
    log("writeHead:", error.code, error.message);
  }

  // The server closes while a request is in flight: it finishes that one, then reports closed.
  await new Promise((done) => {
    onSlowRequest = () => server.close(() => (log("server closed"), done()));
    http.get({ port, path: "/slow" }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (d) => log("in flight:", d));
      res.on("end", () => log("in flight ended"));
    });
  });
  const late = net.connect(port, "127.0.0.1");
  late.on("error", (error) => log("after close:", error.code));
  late.on("close", () => console.log(lines.join("\n")));
}

main();
