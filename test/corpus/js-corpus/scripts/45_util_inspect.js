const util = require('util');
const obj = { a: 1, b: { c: { d: { e: { f: 'deep' } } } }, arr: [1, [2, [3, [4]]]] };
console.log(util.inspect(obj));
console.log(util.inspect(obj, { depth: 0 }));
console.log(util.inspect(obj, { depth: null }));
console.log(util.inspect(obj, { depth: Infinity, compact: false }));
console.log(util.inspect({ x: 1, y: [1, 2] }, { compact: false }));
console.log(util.inspect({ z: 1, a: 2, m: 3 }, { sorted: true }));
console.log(util.inspect(Array.from({ length: 10 }, (_, i) => i), { maxArrayLength: 3 }));
console.log(util.inspect('a'.repeat(30), { maxStringLength: 10 }));
console.log(util.inspect({ long: 'x'.repeat(50), other: 'y'.repeat(40) }, { breakLength: Infinity }));
console.log(util.inspect('str'), util.inspect(42), util.inspect(null), util.inspect("it's"));
class Money {
  constructor(v) {
    this.v = v;
  }
  [util.inspect.custom]() {
    return `Money<${this.v.toFixed(2)}>`;
  }
}
console.log(new Money(5), [new Money(1.5)], { price: new Money(10) });
console.log(util.inspect(new Money(3)));
class Wrapped {
  [util.inspect.custom]() {
    return { replaced: true };
  }
}
console.log(new Wrapped());
console.log(util.inspect.custom === Symbol.for('nodejs.util.inspect.custom'));
console.log(util.inspect(new Map([['k', { deep: { deeper: { x: 1 } } }]]), { depth: 1 }));
