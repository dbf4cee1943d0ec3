const util = require('util');
console.log(util.format('%s:%s', 'a'));
console.log(util.format('%s', 'a', 'b', 3));
console.log(util.format(1, 2, 'three'));
console.log(util.format('%d + %i = %f', '1', 2.9, 3.5));
console.log(util.format('%j', { k: [1, { n: null }] }));
console.log(util.format('%%s %s', 'x'));
console.log(util.format('%o', [1, 2]));
console.log(util.format('%O', { deep: { deeper: { deepest: { gone: 1 } } } }));
console.log(util.format('%s', { toString() { return 'custom toString'; } }));
class Foo {
  toString() {
    return 'Foo!';
  }
}
console.log(util.format('%s', new Foo()));
console.log(util.format('%s', Object.create(null)));
console.log(util.format('%s', [1, 2, 3]));
console.log(JSON.stringify(util.format('%s', '')), JSON.stringify(util.format()));
console.log(util.format('%s %s', null, undefined));
console.log(util.format({ a: 1 }, 'str', ['arr']));
console.log(util.format('%d', -0), util.format('%s', 1.0), util.format('%s', 0.5));
console.log(util.format('%s', 'x'.repeat(5), 'tail'));
console.log(util.format('%j', 'string'), util.format('%j', undefined), util.format('%j', 5));
