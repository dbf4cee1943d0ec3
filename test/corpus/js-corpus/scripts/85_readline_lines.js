// Reading a file line by line: the readline idiom over a read stream.
const fs = require("fs");
const readline = require("readline");

async function countWords(file) {
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let lines = 0;
  let words = 0;
  for await (const line of rl) {
    lines++;
    words += line.split(/\s+/).filter(Boolean).length;
  }
  return { lines, words };
}

(async () => {
  console.log(await countWords("data/lorem.txt"));
  const rl = readline.createInterface({ input: fs.createReadStream("data/sales.csv") });
  const rows = [];
  rl.on("line", (line) => rows.push(line.split(",")));
  rl.on("close", () => console.log("rows:", rows.length, "header:", rows[0]));
})();
