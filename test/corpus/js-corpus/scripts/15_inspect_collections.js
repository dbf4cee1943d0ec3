console.log(new Map([['a', 1], ['b', { x: [1, 2] }]]));
console.log(new Set([1, 'two', [3]]));
console.log(new Map(), new Set());
console.log({ m: new Map([[{ k: 1 }, new Set(['v'])]]) });
console.log(new Date(0));
console.log({ when: new Date(86400000), list: [new Date(0)] });
console.log(JSON.stringify({ d: new Date(0) }), new Date(0).getTime());
class Temp {
  constructor() {
    this.c = 21;
  }
  get f() {
    return 69.8;
  }
}
class Empty {}
console.log(new Temp(), new Empty(), [new Empty()]);
const np = Object.create(null);
np.k = 'v';
console.log(Object.create(null), np);
console.log({ get g() { return 1; }, set s(v) {}, get gs() { return 2; }, set gs(v) {} });
console.log(new Uint8Array([1, 2, 3]), new Float64Array(2), new ArrayBuffer(2));
console.log(Buffer.from('hi'), [Buffer.from([0, 255])]);
console.log(Promise.resolve(42), new Promise(() => {}));
console.log(new WeakMap(), new WeakSet());
console.log(new String('boxed'), new Number(3), new Boolean(false));
class Registry extends Map {}
console.log(new Registry([['k', 'v']]));
const err = new Error('boom');
console.log(err.message, err.name, String(err));
