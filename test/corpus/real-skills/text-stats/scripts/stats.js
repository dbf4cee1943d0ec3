// Line-by-line reading with readline, then a gzip'd word list, as log and text skills do.
const fs = require("node:fs");
const readline = require("node:readline");
const zlib = require("node:zlib");
const { pipeline } = require("node:stream/promises");
const { Readable } = require("node:stream");

async function main(file) {
  const counts = new Map();
  let lines = 0;
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) {
    lines++;
    for (const word of line.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  fs.mkdirSync("out", { recursive: true });
  await pipeline(Readable.from(ranked.map(([w, n]) => `${w}\t${n}\n`)), zlib.createGzip(), fs.createWriteStream("out/words.tsv.gz"));
  const check = zlib.gunzipSync(fs.readFileSync("out/words.tsv.gz")).toString().split("\n").length - 1;
  console.log(`${lines} lines, ${counts.size} distinct words, top: ${ranked.slice(0, 3).map(([w, n]) => `${w}=${n}`).join(" ")}`);
  console.log(`word list: ${check} entries`);
}

main(process.argv[2] ?? "references/sample.txt").catch((error) => {
  console.error(error.message);
  process.exit(1);
});
