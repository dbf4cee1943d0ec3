// Scatter and gather I/O: readv/writev in the sync, callback and promise forms.
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vectors-")), "data.bin");
const fd = fs.openSync(file, "w+");
console.log(fs.writevSync(fd, [Buffer.from("hello "), Buffer.from("vector "), Buffer.from("io")]));
const parts = [Buffer.alloc(5), Buffer.alloc(3), Buffer.alloc(10)];
console.log(fs.readvSync(fd, parts, 0), parts.map((b) => b.toString("latin1")));
console.log(fs.writevSync(fd, [Buffer.from("HE")], 0), fs.readFileSync(file, "utf8"));
fs.readv(fd, [Buffer.alloc(4), Buffer.alloc(4)], 6, (error, bytesRead, buffers) => {
  console.log(error, bytesRead, buffers.map(String));
  fs.writev(fd, [Buffer.from("!")], 15, (error2, written) => {
    console.log(error2, written, fs.readFileSync(file, "utf8"));
    fs.closeSync(fd);
    (async () => {
      const handle = await fs.promises.open(file, "r+");
      const read = await handle.readv([Buffer.alloc(2), Buffer.alloc(2)], 0);
      console.log(read.bytesRead, read.buffers.map(String));
      const wrote = await handle.writev([Buffer.from("?")], 16);
      console.log(wrote.bytesWritten, fs.readFileSync(file, "utf8"));
      await handle.close();
    })();
  });
});
