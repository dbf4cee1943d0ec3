const fsp = require('fs').promises;
const dir = 'tmp/39';
(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
  await fsp.mkdir(`${dir}/sub/deep`, { recursive: true });
  await fsp.writeFile(`${dir}/a.txt`, 'alpha\n');
  await fsp.appendFile(`${dir}/a.txt`, 'beta\n');
  console.log(JSON.stringify(await fsp.readFile(`${dir}/a.txt`, 'utf8')));
  const buf = await fsp.readFile(`${dir}/a.txt`);
  console.log('buffer:', Buffer.isBuffer(buf), buf.length);
  const st = await fsp.stat(`${dir}/a.txt`);
  console.log('stat:', st.isFile(), st.isDirectory(), st.size);
  await fsp.copyFile(`${dir}/a.txt`, `${dir}/b.txt`);
  await fsp.rename(`${dir}/b.txt`, `${dir}/c.txt`);
  console.log('readdir:', (await fsp.readdir(dir)).sort());
  const ents = await fsp.readdir(dir, { withFileTypes: true });
  console.log('dirs:', ents.filter((e) => e.isDirectory()).map((e) => e.name));
  await fsp.unlink(`${dir}/a.txt`);
  console.log('after unlink:', (await fsp.readdir(dir)).sort());
  for (const [label, p] of [
    ['readFile missing', () => fsp.readFile('data/nope.txt')],
    ['mkdir existing', () => fsp.mkdir(dir)],
    ['readdir on file', () => fsp.readdir(`${dir}/c.txt`)],
    ['access missing', () => fsp.access(`${dir}/a.txt`)],
    ['rmdir non-empty', () => fsp.rmdir(dir)],
  ]) {
    console.log(label, '->', await p().then(() => 'ok', (e) => e.code));
  }
  console.log('access existing:', await fsp.access(`${dir}/c.txt`));
  await fsp.rm(`${dir}/sub`, { recursive: true });
  console.log('final:', (await fsp.readdir(dir)).sort());
})();
