import describe, { UNIT, area, Rect } from '../lib/shapes.mjs';
import * as shapes from '../lib/shapes.mjs';
import { count, inc } from '../lib/live.mjs';
const r = new Rect(3, 4);
console.log(describe(r));
console.log('area:', area(2, 5), 'unit:', UNIT);
console.log('namespace keys:', Object.keys(shapes).join(','));
console.log('default via namespace:', shapes.default === describe);
console.log('toStringTag:', Object.prototype.toString.call(shapes));
console.log(shapes);
console.log('live before:', count);
inc();
inc();
console.log('live after:', count);
try {
  count = 5;
} catch (e) {
  console.log('assign to import:', e.name);
}
