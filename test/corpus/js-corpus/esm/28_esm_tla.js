console.log('before await');
const v = await new Promise((resolve) => setTimeout(() => resolve('timer value'), 20));
console.log('awaited:', v);
const results = await Promise.all([1, Promise.resolve(2), new Promise((r) => setTimeout(() => r(3), 5))]);
console.log('all:', results);
try {
  await Promise.reject(new Error('tla rejection'));
} catch (e) {
  console.log('caught:', e.message);
}
for (const ms of [15, 5]) {
  await new Promise((r) => setTimeout(r, ms));
  console.log('slept', ms);
}
export const done = true;
console.log('end');
