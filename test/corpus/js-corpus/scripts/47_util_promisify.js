const util = require('util');
const fs = require('fs');
function legacy(a, b, cb) {
  setTimeout(() => (a < 0 ? cb(new Error(`negative: ${a}`)) : cb(null, a + b)), 5);
}
const p = util.promisify(legacy);
(async () => {
  console.log('sum:', await p(2, 3));
  try {
    await p(-1, 0);
  } catch (e) {
    console.log('rejected:', e.message);
  }
  const readFile = util.promisify(fs.readFile);
  console.log('promisified readFile:', (await readFile('data/hello.txt', 'utf8')).split('\n')[0]);
  const sleep = util.promisify(setTimeout);
  console.log('promisified setTimeout value:', await sleep(10, 'woke'));
  function custom() {}
  custom[util.promisify.custom] = () => Promise.resolve('custom impl');
  console.log(await util.promisify(custom)());
  console.log('returns custom fn:', util.promisify(custom) === custom[util.promisify.custom]);
  const cbified = util.callbackify(async (x) => x * 2);
  cbified(21, (err, v) => console.log('callbackify:', err, v));
})();
