const fs = require('fs');
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
console.log(fs.readdirSync('data').sort());
console.log(fs.readdirSync('lib').sort().join(' '));
const entries = fs.readdirSync('data', { withFileTypes: true }).sort(byName);
for (const e of entries) {
  console.log(e.name.padEnd(14), e.isFile() ? 'file' : '-', e.isDirectory() ? 'dir' : '-');
}
const dir = 'tmp/36';
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(`${dir}/b/c`, { recursive: true });
for (const n of ['z.txt', 'a.txt', 'M.txt', '10.txt', '9.txt']) fs.writeFileSync(`${dir}/${n}`, n);
console.log(fs.readdirSync(dir).sort());
console.log('empty dir:', fs.readdirSync(`${dir}/b/c`));
const types = fs.readdirSync(dir, { withFileTypes: true }).sort(byName);
console.log(types.map((d) => `${d.name}:${d.isDirectory() ? 'd' : 'f'}`).join(' '));
