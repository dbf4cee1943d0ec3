const fs = require('fs');
function attempt(label, fn) {
  try {
    fn();
    console.log(`${label} -> ok`);
  } catch (e) {
    console.log(`${label} -> ${e.code}`);
  }
}
fs.rmSync('tmp/38', { recursive: true, force: true });
fs.mkdirSync('tmp/38', { recursive: true });
fs.writeFileSync('tmp/38/file.txt', 'x');
attempt('read missing', () => fs.readFileSync('data/missing.txt'));
attempt('stat missing', () => fs.statSync('nope/nope'));
attempt('mkdir existing', () => fs.mkdirSync('data'));
attempt('mkdir missing parent', () => fs.mkdirSync('tmp/38/a/b/c'));
attempt('readdir on file', () => fs.readdirSync('data/hello.txt'));
attempt('read through file', () => fs.readFileSync('data/hello.txt/x'));
attempt('read directory', () => fs.readFileSync('data'));
attempt('unlink missing', () => fs.unlinkSync('tmp/38/missing'));
attempt('rm missing no force', () => fs.rmSync('tmp/38/missing'));
attempt('rmdir non-empty', () => fs.rmdirSync('tmp/38'));
attempt('write wx existing', () => fs.writeFileSync('tmp/38/file.txt', 'y', { flag: 'wx' }));
attempt('rename missing', () => fs.renameSync('tmp/38/missing', 'tmp/38/other'));
attempt('copy missing', () => fs.copyFileSync('tmp/38/missing', 'tmp/38/other'));
attempt('write into missing dir', () => fs.writeFileSync('tmp/38/no/such/dir.txt', 'x'));
attempt('mkdir under file', () => fs.mkdirSync('tmp/38/file.txt/sub', { recursive: true }));
try {
  fs.readFileSync('data/missing.txt');
} catch (e) {
  console.log(e instanceof Error, typeof e.errno, e.syscall, e.path);
  console.log(e.message);
}
