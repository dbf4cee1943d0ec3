const sleep = (ms, v) => new Promise((resolve) => setTimeout(() => resolve(v), ms));
async function fails() {
  await sleep(5);
  throw new Error('async failure');
}
(async () => {
  try {
    await fails();
  } catch (e) {
    console.log('caught:', e.message);
  } finally {
    console.log('finally ran');
  }
  console.log('all:', await Promise.all([sleep(20, 'a'), sleep(10, 'b'), 'c']));
  const settled = await Promise.allSettled([sleep(5, 1), Promise.reject(new Error('no')), 3]);
  console.log('allSettled:', JSON.stringify(settled.map((s) => (s.status === 'fulfilled' ? s : { status: s.status, reason: s.reason.message }))));
  console.log('race:', await Promise.race([sleep(30, 'slow'), sleep(5, 'fast')]));
  console.log('any:', await Promise.any([Promise.reject(new Error('x')), sleep(5, 'first ok')]));
  try {
    await Promise.any([Promise.reject(new Error('x')), Promise.reject(new Error('y'))]);
  } catch (e) {
    console.log('any rejected:', e.name, e.errors.map((x) => x.message));
  }
  try {
    await Promise.all([sleep(5), Promise.reject(new Error('all fails fast'))]);
  } catch (e) {
    console.log('all rejected:', e.message);
  }
  const results = [];
  for await (const v of [sleep(10, 1), 2, sleep(1, 3)]) results.push(v);
  console.log('for await:', results);
})();
