// Older packages still call Buffer as a function or construct it from a string or an array;
// Node allows both and prints a deprecation warning once (stderr: not compared, it has a pid).
const sized = Buffer(3);
const text = new Buffer("abc");
const list = Buffer([1, 2, 300]);
const part = new Buffer(new Uint8Array([5, 6, 7, 8]).buffer, 1, 2);
console.log(sized, text.toString(), list, part);
console.log(Buffer.isBuffer(sized), text instanceof Buffer, typeof Buffer, Buffer.name);
class Chunk extends Buffer {}
const chunk = Chunk.from("hi");
console.log(chunk.toString("hex"), chunk instanceof Buffer);
try {
  Buffer(1, "utf8");
} catch (error) {
  console.log(error.code);
}
