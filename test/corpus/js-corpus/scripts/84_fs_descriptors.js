// File descriptors and fs/promises FileHandle, as log writers and binary readers use them.
const fs = require("fs");
fs.mkdirSync("out", { recursive: true });
const fsp = require("fs/promises");
const fd = fs.openSync("out/log.txt", "w");
fs.writeSync(fd, "first line\n");
fs.writeSync(fd, Buffer.from("second line\n"));
fs.closeSync(fd);
const appendFd = fs.openSync("out/log.txt", "a");
fs.writeSync(appendFd, "appended\n");
fs.closeSync(appendFd);
console.log(fs.readFileSync("out/log.txt", "utf8"));
const readFd = fs.openSync("data/hello.txt", "r");
const buffer = Buffer.alloc(5);
console.log(fs.readSync(readFd, buffer, 0, 5, null), buffer.toString());
console.log(fs.readSync(readFd, buffer, 0, 5, null), buffer.toString());
console.log("fstat size:", fs.fstatSync(readFd).size);
fs.closeSync(readFd);
try {
  fs.closeSync(readFd);
} catch (error) {
  console.log("close twice:", error.code);
}
try {
  fs.openSync("data/missing.txt", "r");
} catch (error) {
  console.log("open missing:", error.code, error.syscall, error.message);
}
fs.writeFileSync("out/trunc.txt", "0123456789");
fs.truncateSync("out/trunc.txt", 4);
console.log("truncated:", fs.readFileSync("out/trunc.txt", "utf8"));
(async () => {
  const handle = await fsp.open("out/report.md", "w");
  await handle.write("# Report\n");
  await handle.writeFile("total: 3\n");
  await handle.close();
  console.log(await fsp.readFile("out/report.md", "utf8"));
  const reader = await fsp.open("data/lorem.txt");
  const { bytesRead, buffer: head } = await reader.read(Buffer.alloc(11), 0, 11, 0);
  console.log(bytesRead, JSON.stringify(head.toString()));
  console.log("stat:", (await reader.stat()).isFile());
  await reader.close();
})();
