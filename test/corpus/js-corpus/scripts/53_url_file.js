const { fileURLToPath, pathToFileURL } = require('url');
const path = require('path');
const abs = path.resolve('data/a b#c%.txt');
const u = pathToFileURL(abs);
console.log('is URL:', u instanceof URL, 'protocol:', u.protocol);
console.log('href ends:', u.href.endsWith('/data/a%20b%23c%25.txt'));
console.log('rel back:', path.relative(process.cwd(), fileURLToPath(u)));
console.log('roundtrip equal:', fileURLToPath(u) === abs, fileURLToPath(u.href) === abs);
console.log(fileURLToPath('file:///tmp/x%20y/z.txt'));
console.log(pathToFileURL('/opt/app/file name.js').href);
console.log(fileURLToPath(new URL('file:///etc/hosts')));
try {
  fileURLToPath('https://example.com/x');
} catch (e) {
  console.log('non-file:', e.code);
}
console.log('script url:', pathToFileURL(__filename).href.endsWith('/scripts/53_url_file.js'));
console.log('url module URL is global:', require('url').URL === URL, require('url').URLSearchParams === URLSearchParams);
