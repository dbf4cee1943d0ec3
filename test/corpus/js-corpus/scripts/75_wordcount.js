const fs = require('fs');
const file = process.argv[2] || 'data/lorem.txt';
const top = Number(process.argv[3] || 5);
let text;
try {
  text = fs.readFileSync(file, 'utf8');
} catch (e) {
  console.error(`wordcount: cannot open ${file} (${e.code})`);
  process.exit(1);
}
const lines = text.split('\n');
if (lines[lines.length - 1] === '') lines.pop();
const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) || [];
const freq = new Map();
for (const w of words) freq.set(w, (freq.get(w) || 0) + 1);
console.log(`${file}: ${lines.length} lines, ${words.length} words, ${text.length} chars, ${Buffer.byteLength(text)} bytes`);
console.log(`unique words: ${freq.size}, blank lines: ${lines.filter((l) => !l.trim()).length}`);
const sorted = [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
for (const [w, n] of sorted.slice(0, top)) console.log(`${String(n).padStart(4)} ${w}`);
const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
console.log(`longest word: ${longest} (${longest.length})`);
