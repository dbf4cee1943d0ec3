console.log('before import');
const m1 = await import('../lib/dyn.mjs');
const m2 = await import('../lib/dyn.mjs');
console.log('same namespace:', m1 === m2);
console.log('kind:', m1.kind, 'default:', m1.default);
const math = await import('../lib/math.js');
console.log('cjs via import(): default.add =', math.default.add(1, 2));
const fsMod = await import('node:fs');
console.log('builtin default === named:', fsMod.default.readFileSync === fsMod.readFileSync);
try {
  await import('../lib/does-not-exist.mjs');
} catch (e) {
  console.log('missing:', e.code);
}
const name = 'shapes';
const s = await import(`../lib/${name}.mjs`);
console.log('computed specifier:', s.UNIT);
