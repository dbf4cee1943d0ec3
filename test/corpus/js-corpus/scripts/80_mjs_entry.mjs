// An ES module entry point by extension, as many published skills ship them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const config = JSON.parse(readFileSync(path.join(here, "..", "data", "config.json"), "utf8"));
console.log("keys:", Object.keys(config).sort().join(","));
console.log("args:", process.argv.slice(2));
const { default: shapes } = await import("../lib/shapes.mjs").then((m) => ({ default: m }));
console.log("shapes exports:", Object.keys(shapes).sort().join(","));
