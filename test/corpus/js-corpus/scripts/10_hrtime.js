const t0 = process.hrtime();
console.log('hrtime is [s, ns]:', Array.isArray(t0) && t0.length === 2);
console.log('types:', typeof t0[0], typeof t0[1]);
const b0 = process.hrtime.bigint();
console.log('bigint type:', typeof b0);
let x = 0;
for (let i = 0; i < 100000; i++) x += i;
const b1 = process.hrtime.bigint();
console.log('monotonic bigint:', b1 >= b0, x > 0);
const d = process.hrtime(t0);
console.log('diff valid:', d[0] >= 0 && d[1] >= 0 && d[1] < 1e9);
const p0 = performance.now();
console.log('performance.now:', typeof p0, performance.now() >= p0);
setTimeout(() => {
  const ms = Number(process.hrtime.bigint() - b0) / 1e6;
  console.log('elapsed >= 15ms after 20ms timer:', ms >= 15);
}, 20);
