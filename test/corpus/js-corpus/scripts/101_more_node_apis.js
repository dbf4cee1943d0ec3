// APIs Node's own tests and everyday scripts reach for: events.on, util.getSystemErrorName,
// util.aborted, Buffer.copyBytesFrom, buffer.isUtf8/isAscii, Blob and File, DOMException,
// CustomEvent, AbortSignal.any, PBKDF2, WebCrypto digest, timers/promises setInterval.
const events = require("events");
const util = require("util");
const buffer = require("buffer");
const crypto = require("crypto");

async function main() {
  const emitter = new events.EventEmitter();
  setImmediate(() => {
    emitter.emit("tick", 1, "a");
    emitter.emit("tick", 2, "b");
    emitter.emit("tick", 3, "c");
  });
  const seen = [];
  for await (const args of events.on(emitter, "tick")) {
    seen.push(args);
    if (args[0] === 3) break;
  }
  console.log("events.on:", JSON.stringify(seen), "listeners left:", emitter.listenerCount("tick"));
  const failing = new events.EventEmitter();
  setImmediate(() => failing.emit("error", new Error("boom")));
  try {
    for await (const _ of events.on(failing, "data")) console.log("unexpected");
  } catch (error) {
    console.log("events.on error:", error.message);
  }
  const handler = () => {};
  emitter.on("x", handler);
  const target = new EventTarget();
  target.addEventListener("y", handler);
  console.log("getEventListeners:", events.getEventListeners(emitter, "x").length, events.getEventListeners(target, "y")[0] === handler);

  console.log("getSystemErrorName:", util.getSystemErrorName(-2), util.getSystemErrorName(-13), util.getSystemErrorName(-9999));
  try {
    util.getSystemErrorName(2);
  } catch (error) {
    console.log(error.code, error.message);
  }
  const controller = new AbortController();
  const done = util.aborted(controller.signal, {}).then(() => "aborted resolved");
  controller.abort();
  console.log(await done);

  const view = new Uint16Array([1, 2, 3, 4]);
  console.log("copyBytesFrom:", buffer.Buffer.copyBytesFrom(view, 1, 2));
  console.log("isUtf8:", buffer.isUtf8(Buffer.from("héllo ✓")), buffer.isUtf8(Buffer.from([0xc3, 0x28])), buffer.isUtf8(Buffer.from([0xed, 0xa0, 0x80])), buffer.isUtf8(new ArrayBuffer(0)));
  console.log("isAscii:", buffer.isAscii(Buffer.from("plain")), buffer.isAscii(Buffer.from("né")));

  const blob = new Blob(["hello ", Buffer.from("world"), new Blob(["!"])], { type: "Text/Plain" });
  console.log("Blob:", blob.size, blob.type, await blob.text(), await blob.slice(-6, -1).text(), blob instanceof buffer.Blob);
  console.log("Blob bytes:", Buffer.from(await blob.arrayBuffer()).toString("hex"), Object.prototype.toString.call(blob));
  const file = new File(["data"], "notes.txt", { type: "text/plain", lastModified: 42 });
  console.log("File:", file.name, file.size, file.type, file.lastModified, file instanceof Blob);

  const dom = new DOMException("stopped", "AbortError");
  console.log("DOMException:", dom.name, dom.message, dom.code, dom instanceof Error, new DOMException("x").name);
  const custom = new CustomEvent("ping", { detail: { n: 1 } });
  console.log("CustomEvent:", custom.type, JSON.stringify(custom.detail), custom instanceof Event);
  const a = new AbortController();
  const b = new AbortController();
  const any = AbortSignal.any([a.signal, b.signal]);
  b.abort("second");
  console.log("AbortSignal.any:", any.aborted, any.reason);

  console.log("pbkdf2Sync:", crypto.pbkdf2Sync("password", "salt", 2, 20, "sha1").toString("hex"));
  console.log("pbkdf2Sync sha256:", crypto.pbkdf2Sync(Buffer.from("pw"), "NaCl", 3, 40, "sha256").toString("hex"));
  try {
    crypto.pbkdf2Sync("p", "s", 1, 8, "nope");
  } catch (error) {
    console.log("bad digest:", error.name, error.code, error.message);
  }
  await new Promise((resolve) =>
    crypto.pbkdf2("p", "s", 1, 8, "sha512", (error, key) => {
      console.log("pbkdf2:", error, key.toString("hex"));
      resolve();
    }),
  );
  const digest = await crypto.webcrypto.subtle.digest("SHA-256", new TextEncoder().encode("abc"));
  console.log("subtle.digest:", Buffer.from(digest).toString("hex"), digest instanceof ArrayBuffer);
  const global = await globalThis.crypto.subtle.digest({ name: "SHA-1" }, Buffer.from("abc"));
  console.log("crypto.subtle:", Buffer.from(global).toString("hex"));

  const { setInterval: every } = require("timers/promises");
  let count = 0;
  for await (const value of every(5, "tick")) {
    count += 1;
    if (count === 3) {
      console.log("setInterval:", value, count);
      break;
    }
  }
  console.log("readline/promises:", typeof require("readline/promises").createInterface);
}

main();
