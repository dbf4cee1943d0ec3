console.log('cjs start');
import('../lib/shapes.mjs')
  .then((m) => {
    console.log('loaded ESM from CJS:', m.UNIT, m.area(2, 3));
    console.log('default is function:', typeof m.default);
    return import('node:path');
  })
  .then((p) => console.log('builtin via import():', p.default.join('a', 'b'), p.join('c', 'd')))
  .catch((e) => console.log('error', e.message));
console.log('cjs end (import is async)');
