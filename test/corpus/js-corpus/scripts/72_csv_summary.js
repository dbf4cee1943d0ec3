const fs = require('fs');
const args = process.argv.slice(2);
const opt = {};
for (let i = 0; i < args.length; i++) {
  const m = args[i].match(/^--(\w+)(?:=(.*))?$/);
  if (!m) {
    console.error(`csv_summary: unexpected argument ${JSON.stringify(args[i])}`);
    process.exit(2);
  }
  opt[m[1]] = m[2] !== undefined ? m[2] : args[++i];
}
const file = opt.file || 'data/sales.csv';
let text;
try {
  text = fs.readFileSync(file, 'utf8');
} catch (e) {
  console.error(`csv_summary: cannot read ${file} (${e.code})`);
  process.exit(1);
}
const [header, ...lines] = text.trim().split('\n');
const cols = header.split(',');
let rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
if (opt.region) rows = rows.filter((r) => r.region === opt.region);
const byRegion = {};
const byProduct = {};
let [total, units] = [0, 0];
for (const r of rows) {
  const rev = Number(r.units) * Number(r.price);
  total += rev;
  units += Number(r.units);
  byRegion[r.region] = (byRegion[r.region] || 0) + rev;
  byProduct[r.product] = (byProduct[r.product] || 0) + Number(r.units);
}
const desc = (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
console.log(`rows: ${rows.length}\ntotal units: ${units}\ntotal revenue: ${total.toFixed(2)}`);
console.log('revenue by region:');
for (const [k, v] of Object.entries(byRegion).sort(desc)) console.log(`  ${k.padEnd(8)}${v.toFixed(2).padStart(10)}`);
const top = Object.entries(byProduct).sort(desc).slice(0, Number(opt.top || 3));
console.log('top products by units:', top.map(([p, u]) => `${p}(${u})`).join(', '));
console.log(`average revenue per row: ${rows.length ? (total / rows.length).toFixed(2) : 'n/a'}`);
