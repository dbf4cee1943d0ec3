// gzip and deflate, one-shot and streamed, with stream.pipeline.
const zlib = require("zlib");
const fs = require("fs");
fs.mkdirSync("out", { recursive: true });
const { pipeline, Readable, Transform } = require("stream");
const text = fs.readFileSync("data/lorem.txt");
const gz = zlib.gzipSync(text);
console.log("gunzip matches:", zlib.gunzipSync(gz).equals(text), gz[0], gz[1]);
console.log("inflate:", zlib.inflateSync(zlib.deflateSync("hello hello hello")).toString());
console.log("raw:", zlib.inflateRawSync(zlib.deflateRawSync(Buffer.from("raw data"))).toString());
console.log("unzip:", zlib.unzipSync(zlib.gzipSync("auto")).toString());
try {
  zlib.gunzipSync(Buffer.from("not gzip"));
} catch (error) {
  console.log("bad input:", error.code);
}
zlib.gzip("callback", (error, out) => {
  console.log("callback:", error, zlib.gunzipSync(out).toString());
  streamed();
});
function streamed() {
const upper = new Transform({
  transform(chunk, _encoding, callback) {
    callback(null, chunk.toString().toUpperCase());
  },
});
pipeline(Readable.from(["alpha\n", "beta\n"]), upper, zlib.createGzip(), fs.createWriteStream("out/upper.gz"), (error) => {
  console.log("pipeline done:", error ?? "ok");
  console.log(zlib.gunzipSync(fs.readFileSync("out/upper.gz")).toString());
});
}
