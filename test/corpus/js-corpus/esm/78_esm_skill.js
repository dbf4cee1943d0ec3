import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
const [input = 'data/lorem.txt', ...rest] = process.argv.slice(2);
const upper = rest.includes('--upper');
let text;
try {
  text = await readFile(input, 'utf8');
} catch (e) {
  console.error(`esm_skill: cannot read ${input}: ${e.code}`);
  process.exit(1);
}
const lines = text.split('\n').filter(Boolean);
const summary = lines.map((l, i) => `${String(i + 1).padStart(2, '0')}: ${(upper ? l.toUpperCase() : l).slice(0, 40)}`);
await mkdir('out', { recursive: true });
const dest = path.join('out', `${path.basename(input, path.extname(input))}.summary.txt`);
await writeFile(dest, `${summary.join('\n')}\n`);
console.log(`summarized ${lines.length} lines -> ${dest}`);
console.log((await readFile(dest, 'utf8')).trimEnd());
