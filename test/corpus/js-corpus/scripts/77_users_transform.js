const fs = require('fs');
const args = process.argv.slice(2);
const roleIdx = args.indexOf('--role');
const role = roleIdx === -1 ? null : args[roleIdx + 1];
const users = JSON.parse(fs.readFileSync('data/users.json', 'utf8'));
const selected = users
  .filter((u) => (role ? u.role === role : true))
  .sort((a, b) => a.age - b.age || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const esc = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const csv = ['id,name,age,role,active', ...selected.map((u) => [u.id, u.name, u.age, u.role, u.active].map(esc).join(','))].join('\n');
fs.mkdirSync('out', { recursive: true });
const dest = `out/users${role ? `-${role}` : ''}.csv`;
fs.writeFileSync(dest, `${csv}\n`);
console.log(`selected ${selected.length} of ${users.length} users${role ? ` with role ${role}` : ''} -> ${dest}`);
process.stdout.write(fs.readFileSync(dest, 'utf8'));
if (selected.length === 0) {
  console.error('warning: no users matched');
  process.exitCode = 1;
}
