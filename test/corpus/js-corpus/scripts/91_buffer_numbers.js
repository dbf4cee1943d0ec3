// Binary formats read and write numbers in buffers; a bad offset or value gets Node's coded
// error, and every width and byte order reads back what was written.
const small = Buffer.alloc(4);
const attempts = [
  () => small.readInt8(""),
  () => small.readInt8(4),
  () => small.readInt16LE(3),
  () => small.readInt8(1.5),
  () => small.writeInt8(200),
  () => small.writeUInt32LE(-1),
  () => small.writeInt32BE(2 ** 31),
  () => small.readUIntLE(0, 7),
  () => small.readUIntLE(0),
  () => small.writeIntLE(2 ** 47, 0, 6),
  () => Buffer.alloc(8).writeUIntLE(2 ** 48, 0, 6),
  () => Buffer.alloc(0).readInt8(0),
  () => small.readDoubleLE(0),
  () => small.writeBigInt64LE(2n ** 63n),
  () => small.writeUInt16LE(70000),
  () => small.writeIntBE(-9000000, 0, 3),
  () => small.readInt8(2 ** 40),
  () => small.writeFloatBE(1.5, 1),
];
for (const attempt of attempts) {
  try {
    console.log("returned", attempt());
  } catch (error) {
    console.log(error.code, error.name, error.message);
  }
}
const wide = Buffer.alloc(8);
wide.writeIntLE(-123456789012, 0, 6);
console.log(wide, wide.readIntLE(0, 6), wide.readUIntBE(0, 6), wide.readIntBE(1, 5));
wide.writeUIntBE(0xabcdef, 2, 3);
console.log(wide, wide.readUIntLE(2, 3), wide.readIntBE(2, 3), wide.readUint16BE(2));
wide.writeBigUint64LE(2n ** 64n - 2n);
console.log(wide.readBigInt64LE(), wide.readBigUInt64BE(), wide.writeDoubleBE(-0.5), wide.readDoubleBE());
console.log(wide.writeInt16LE(-2, 6), wide.readUInt16LE(6), wide.writeUInt8(254.9, 0), wide[0]);
