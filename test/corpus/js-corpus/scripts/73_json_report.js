const fs = require('fs');
const path = require('path');
const out = process.argv[2] || 'out/report.json';
const config = JSON.parse(fs.readFileSync('data/config.json', 'utf8'));
const users = JSON.parse(fs.readFileSync('data/users.json', 'utf8'));
const report = {
  project: config.name,
  version: config.version,
  counts: { total: users.length, active: users.filter((u) => u.active).length },
  byRole: {},
  averageAge: Math.round((users.reduce((s, u) => s + u.age, 0) / users.length) * 10) / 10,
  oldest: users.reduce((a, b) => (b.age > a.age ? b : a)).name,
};
for (const u of users) report.byRole[u.role] = (report.byRole[u.role] || 0) + 1;
fs.mkdirSync(path.dirname(out), { recursive: true });
const json = `${JSON.stringify(report, null, 2)}\n`;
fs.writeFileSync(out, json);
console.log(`wrote ${path.relative(process.cwd(), path.resolve(out))} (${Buffer.byteLength(json)} bytes)`);
const back = JSON.parse(fs.readFileSync(out, 'utf8'));
const roles = Object.keys(back.byRole).sort().join(',');
console.log(`summary: ${back.counts.active}/${back.counts.total} active, roles=${roles}, avgAge=${back.averageAge}`);
console.log(fs.readFileSync(out, 'utf8').trimEnd());
