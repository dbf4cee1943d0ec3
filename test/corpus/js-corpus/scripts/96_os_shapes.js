// What scripts and tests read from node:os: Node's names and shapes, whatever the machine.
const os = require("node:os");

console.log(Object.keys(os).sort().join(","));
console.log(os.arch() === process.arch, os.platform() === process.platform, os.endianness());
const { signals, errno, priority } = os.constants;
console.log(signals.SIGTERM, signals.SIGKILL, errno.ENOENT, errno.EACCES, priority.PRIORITY_HIGH);
console.log(Object.isFrozen(os.constants), Object.isFrozen(signals), Object.keys(signals).length);
const loopback = os.networkInterfaces().lo;
console.log(loopback[0].address, loopback[0].family, loopback[0].internal, loopback[0].cidr);
console.log(Object.keys(loopback[0]).sort().join(","));
process.env.TMPDIR = "/custom/tmp/";
console.log(os.tmpdir());
console.log(os.uptime() > 0, os.loadavg().length, os.cpus().length > 0, os.availableParallelism() > 0);
console.log(Buffer.isBuffer(os.userInfo({ encoding: "buffer" }).username), typeof os.userInfo().uid);
console.log(typeof os.getPriority(), os.EOL === "\n", os.devNull);
for (const attempt of [() => os.setPriority(0, 100), () => os.getPriority(1.5), () => os.getPriority("x")]) {
  try {
    attempt();
  } catch (error) {
    console.log(error.code, error.message);
  }
}
