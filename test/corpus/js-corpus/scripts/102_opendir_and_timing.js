// fs.opendir in its three forms, and the User Timing marks and measures of `performance`.
const fs = require("fs");
const { performance } = require("perf_hooks");

async function main() {
  fs.mkdirSync("/tmp/skillbox-opendir/sub", { recursive: true });
  fs.writeFileSync("/tmp/skillbox-opendir/a.txt", "a");
  const dir = fs.opendirSync("/tmp/skillbox-opendir");
  const names = [];
  for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
    names.push(`${entry.name}:${entry.isDirectory() ? "dir" : "file"}`);
  }
  dir.closeSync();
  console.log("opendirSync:", names.sort().join(" "), dir.path);
  try {
    dir.readSync();
  } catch (error) {
    console.log("after close:", error.code, error.message);
  }
  const viaPromise = await fs.promises.opendir("/tmp/skillbox-opendir");
  const iterated = [];
  for await (const entry of viaPromise) iterated.push(entry.name);
  console.log("async iteration:", iterated.sort().join(" "));
  await new Promise((resolve) =>
    fs.opendir("/tmp/skillbox-opendir/missing", (error) => {
      console.log("missing:", error.code, error.syscall, error.message);
      resolve();
    }),
  );
  fs.rmSync("/tmp/skillbox-opendir", { recursive: true });

  const start = performance.mark("start", { detail: { step: 1 } });
  for (let i = 0; i < 1e4; i++);
  performance.mark("end");
  const measured = performance.measure("loop", "start", "end");
  console.log("mark:", start.name, start.entryType, start.duration, JSON.stringify(start.detail));
  console.log("measure:", measured.name, measured.entryType, measured.duration >= 0, measured.startTime === start.startTime);
  console.log("entries:", performance.getEntries().map((e) => `${e.entryType}:${e.name}`).join(" "));
  console.log("by type:", performance.getEntriesByType("mark").length, performance.getEntriesByName("loop").length);
  performance.clearMarks("start");
  console.log("after clearMarks(start):", performance.getEntriesByType("mark").map((e) => e.name).join(" "));
  try {
    performance.measure("bad", "never-set");
  } catch (error) {
    console.log("unknown mark:", error.name, error.message);
  }
}

main();
