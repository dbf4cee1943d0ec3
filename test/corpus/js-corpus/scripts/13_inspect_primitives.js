console.log(null, undefined, true, 0, -0, NaN, Infinity, -Infinity);
console.log(123n, 1e21, 0.1 + 0.2, 2 ** 53, -1.5e-7);
console.log(Symbol('desc'), Symbol(), Symbol.iterator);
console.log('top-level string is raw, \'quotes\' too');
console.log(['in array', "it's", 'say "hi"', `both ' and "`, 'back`tick']);
console.log({ s: 'str', n: 1, b: false, u: undefined, nl: null });
console.log(['line\nbreak', 'tab\t', 'uni ✓', '\u0001ctrl', '']);
function namedFn() {}
const arrow = () => {};
class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
}
console.log(namedFn, arrow, Point);
console.log(async function af() {}, function* gen() {});
console.log([namedFn, Point], { fn: arrow });
console.log(new Point(1, 2), [new Point(3, 4)]);
console.log(/re[gx]+/gi, [/a/]);
console.log([undefined, null, NaN, -0, 0]);
console.log([Symbol('in-array')], { [Symbol('k')]: 1 });
