const fs1 = require('fs');
const fs2 = require('node:fs');
console.log('fs === node:fs:', fs1 === fs2, typeof fs1.readFileSync);
const names = ['path', 'os', 'util', 'events', 'buffer', 'url', 'querystring', 'assert',
  'string_decoder', 'crypto', 'fs/promises'];
for (const name of names) {
  const a = require(name);
  const b = require(`node:${name}`);
  console.log(name.padEnd(15), typeof a, a === b);
}
console.log('fs.promises === fs/promises:', fs1.promises === require('fs/promises'));
console.log('events is EventEmitter:', require('events') === require('events').EventEmitter);
console.log('buffer.Buffer is global:', require('buffer').Buffer === Buffer);
try { require('definitely-not-a-module-xyz'); } catch (e) { console.log('missing package:', e.code); }
try { require('./nope-local'); } catch (e) { console.log('missing local:', e.code); }
try { require('node:not-a-builtin'); } catch (e) { console.log('bad node: prefix:', e.code); }
