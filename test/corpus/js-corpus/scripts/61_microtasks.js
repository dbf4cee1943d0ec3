setImmediate(() => {
  console.log('immediate 1');
  queueMicrotask(() => console.log('microtask in immediate 1'));
});
setImmediate(() => console.log('immediate 2'));
queueMicrotask(() => console.log('microtask 1'));
Promise.resolve('p')
  .then((v) => {
    console.log('then 1', v);
    return `${v}2`;
  })
  .then((v) => {
    console.log('then 2', v);
    throw new Error('chain error');
  })
  .catch((e) => {
    console.log('catch', e.message);
    return 'recovered';
  })
  .finally(() => console.log('finally'))
  .then((v) => console.log('after finally', v));
queueMicrotask(() => console.log('microtask 2'));
(async () => {
  console.log('async fn sync part');
  await null;
  console.log('after await null');
  await new Promise((r) => setImmediate(r));
  console.log('after await setImmediate');
})();
console.log('sync end');
