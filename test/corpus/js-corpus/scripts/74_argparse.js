const USAGE = 'usage: argparse --name <name> [--count N] [--verbose] [--mode=fast|slow] [files...]';
function fail(msg) {
  process.stderr.write(`error: ${msg}\n${USAGE}\n`);
  process.exit(2);
}
const opts = { count: '1', verbose: false, mode: 'fast' };
const positional = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--') { positional.push(...argv.slice(i + 1)); break; }
  if (a === '--help' || a === '-h') { console.log(USAGE); process.exit(0); }
  if (!a.startsWith('--')) { positional.push(a); continue; }
  const eq = a.indexOf('=');
  const key = eq === -1 ? a.slice(2) : a.slice(2, eq);
  let val = eq === -1 ? undefined : a.slice(eq + 1);
  if (key === 'verbose') { opts.verbose = true; continue; }
  if (!['name', 'count', 'mode'].includes(key)) fail(`unknown option --${key}`);
  if (val === undefined) {
    val = argv[++i];
    if (val === undefined) fail(`--${key} requires a value`);
  }
  opts[key] = val;
}
if (!opts.name) fail('--name is required');
const count = Number(opts.count);
if (!Number.isInteger(count) || count < 1) fail(`--count must be a positive integer, got ${JSON.stringify(opts.count)}`);
if (!['fast', 'slow'].includes(opts.mode)) fail(`invalid --mode ${opts.mode}`);
console.log(JSON.stringify({ ...opts, count, positional }));
for (let i = 0; i < count; i++) {
  console.log(`Hello, ${opts.name}!${opts.verbose ? ` (${i + 1}/${count}, mode=${opts.mode})` : ''}`);
}
if (positional.length) console.log('files:', positional.join(', '));
