const config = require('../data/config.json');
console.log(config.name, config.version, config.tags.join('|'));
console.log(config);
const again = require('../data/config');
console.log('same object (no extension):', config === again);
config.mutated = true;
console.log('mutation visible:', require('../data/config.json').mutated);
const nums = require('../data/numbers.json');
console.log('sum:', nums.reduce((a, b) => a + b, 0), Array.isArray(nums));
try {
  require('../data/broken.json');
} catch (e) {
  console.log('broken json:', e.name);
}
