const fs = require('fs');
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => /^-[a-z]$/.test(a)));
const rest = args.filter((a) => !/^-[a-z]$/.test(a));
if (rest.length < 2) {
  console.error('usage: grep [-i] [-n] [-c] PATTERN FILE...');
  process.exit(2);
}
const [pattern, ...files] = rest;
const re = new RegExp(pattern, flags.has('-i') ? 'i' : '');
let matches = 0;
let errors = 0;
for (const f of files) {
  let lines;
  try {
    lines = fs.readFileSync(f, 'utf8').split('\n');
  } catch (e) {
    console.error(`grep: ${f}: ${e.code}`);
    errors++;
    continue;
  }
  let count = 0;
  lines.forEach((line, i) => {
    if (!re.test(line)) return;
    count++;
    if (flags.has('-c')) return;
    const prefix = (files.length > 1 ? `${f}:` : '') + (flags.has('-n') ? `${i + 1}:` : '');
    console.log(prefix + line);
  });
  if (flags.has('-c')) console.log(`${files.length > 1 ? `${f}:` : ''}${count}`);
  matches += count;
}
process.exit(errors ? 2 : matches ? 0 : 1);
