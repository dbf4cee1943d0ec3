// A CommonJS entry point by extension.
const fs = require("fs");
const path = require("path");
const lines = fs.readFileSync(path.join(__dirname, "..", "data", "sales.csv"), "utf8").trim().split("\n");
console.log(`${path.basename(__filename)} read ${lines.length - 1} rows`);
console.log(typeof module, typeof exports, require.main === module);
process.exitCode = Number(process.argv[2] ?? 0);
