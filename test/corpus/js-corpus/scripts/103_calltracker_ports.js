// assert.CallTracker's counts and verify() message; MessageChannel as a global, Node style and
// web style.
const assert = require("assert");

const tracker = new assert.CallTracker();
function greet(name) {
  return `hi ${name}`;
}
const once = tracker.calls(greet, 1);
const twice = tracker.calls(2);
console.log(once("a"), once.name, once.length);
twice();
console.log("calls:", JSON.stringify(tracker.getCalls(once).map((c) => c.arguments)));
try {
  tracker.verify();
} catch (error) {
  console.log(error.name, error.code, JSON.stringify(error.message));
}
twice();
tracker.verify();
console.log("verified; report:", tracker.report().length);
tracker.reset(once);
console.log("after reset:", tracker.report().map((r) => [r.actual, r.expected, r.message]));

const { port1, port2 } = new MessageChannel();
port2.on("message", (value) => {
  console.log("node style:", JSON.stringify(value));
  port2.close();
});
port1.postMessage({ a: [1, 2], b: "x" });
const channel = new MessageChannel();
channel.port2.onmessage = (event) => {
  console.log("web style:", event.data);
  channel.port2.close();
  channel.port1.close();
};
channel.port1.postMessage("hello");
console.log("globals:", typeof MessageChannel, typeof MessagePort);
