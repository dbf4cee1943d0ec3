console.log('sync 1');
setTimeout(() => console.log('timeout 300'), 300);
setImmediate(() => {
  console.log('immediate 1');
  process.nextTick(() => console.log('immediate 1 -> nextTick'));
  Promise.resolve().then(() => console.log('immediate 1 -> promise'));
});
setImmediate(() => console.log('immediate 2'));
Promise.resolve()
  .then(() => {
    console.log('promise 1');
    process.nextTick(() => console.log('promise 1 -> nextTick'));
  })
  .then(() => console.log('promise 2'));
queueMicrotask(() => console.log('microtask'));
process.nextTick(() => {
  console.log('nextTick 1');
  process.nextTick(() => console.log('nextTick nested'));
  Promise.resolve().then(() => console.log('nextTick 1 -> promise'));
});
process.nextTick(() => console.log('nextTick 2'));
console.log('sync 2');
