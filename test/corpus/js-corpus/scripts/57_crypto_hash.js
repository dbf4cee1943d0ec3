const crypto = require('crypto');
const fs = require('fs');
for (const alg of ['md5', 'sha1', 'sha256', 'sha512']) {
  console.log(alg.padEnd(6), crypto.createHash(alg).update('hello world').digest('hex'));
}
console.log('empty sha256:', crypto.createHash('sha256').update('').digest('hex'));
console.log('base64:', crypto.createHash('sha256').update('hello world').digest('base64'));
const chained = crypto.createHash('sha1').update('hello').update(' ').update('world').digest('hex');
console.log('chained equals single:', chained === crypto.createHash('sha1').update('hello world').digest('hex'));
console.log('file sha256:', crypto.createHash('sha256').update(fs.readFileSync('data/sales.csv')).digest('hex'));
console.log('file md5:', crypto.createHash('md5').update(fs.readFileSync('data/hello.txt')).digest('hex'));
console.log('unicode md5:', crypto.createHash('md5').update('héllo ✓').digest('hex'));
const viaBuf = crypto.createHash('md5').update(Buffer.from('héllo')).digest('hex');
console.log('utf8 string vs buffer:', viaBuf === crypto.createHash('md5').update('héllo', 'utf8').digest('hex'));
const raw = crypto.createHash('sha256').update('x').digest();
console.log('digest() buffer:', Buffer.isBuffer(raw), raw.length);
console.log('hmac:', crypto.createHmac('sha256', 'secret').update('message').digest('hex'));
const h = crypto.createHash('md5');
h.update('once');
h.digest('hex');
try { h.update('again'); } catch (e) { console.log('reuse after digest:', e.code); }
try { crypto.createHash('nope-alg'); } catch (e) { console.log('bad algorithm throws:', e instanceof Error); }
