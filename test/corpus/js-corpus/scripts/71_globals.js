console.log('globalThis === global:', globalThis === global);
const names = ['Buffer', 'process', 'console', 'setTimeout', 'setInterval', 'setImmediate', 'clearImmediate',
  'queueMicrotask', 'structuredClone', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams',
  'AbortController', 'atob', 'btoa', 'performance'];
for (const name of names) console.log(name.padEnd(16), typeof globalThis[name]);
console.log('typeof require (wrapper):', typeof require);
console.log(btoa('hello'), atob('aGVsbG8='));
console.log(new TextEncoder().encode('é€'), new TextDecoder().decode(new Uint8Array([0xe2, 0x9c, 0x93])));
const clone = structuredClone({ d: new Date(0), m: new Map([[1, { x: 1 }]]), s: new Set([1]) });
console.log(clone);
const ac = new AbortController();
ac.abort();
console.log('aborted:', ac.signal.aborted);
