console.log({ a: { b: { c: { d: { e: 1 } } } } });
console.log([[[['deep']]]]);
console.log({ arr: [[1, [2, [3, [4]]]]] });
console.log({ empty: {}, emptyArr: [], nested: { inner: {} } });
console.log([{}, [], [[]], [{}]]);
const circ = { name: 'root', child: {} };
circ.child.parent = circ;
circ.self = circ;
console.log(circ);
console.log({ 'needs-quote': 1, valid_id: 2, '1abc': 3, 42: 'num', 'sp ace': 4, $ok: 5 });
console.log([1, , 3, , , 6]);
const arr = [1, 2];
arr.extra = 'prop';
console.log(arr);
console.log({ wide: 'aaaaaaaaaaaaaaaaaaaa', wider: 'bbbbbbbbbbbbbbbbbbbbbbbbb', widest: 'cccccccccccccccccccccccccccc' });
console.log({ short: 1, obj: { x: 1, y: 2 } });
console.log({
  user: { name: 'Alice', roles: ['admin', 'editor'], address: { city: 'Paris', zip: '75001' } },
  active: true,
});
console.log({ multi: 'first line\nsecond line\nthird line of text here' });
console.log([{ id: 1, tags: ['x', 'y'], meta: { created: 'today', by: 'someone with a long name' } }]);
