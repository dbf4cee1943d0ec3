const { parseArgs } = require('util');
const options = {
  name: { type: 'string', short: 'n' },
  verbose: { type: 'boolean', short: 'v' },
  tag: { type: 'string', multiple: true },
  level: { type: 'string', default: 'info' },
};
try {
  const { values, positionals } = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
  console.log(JSON.stringify({ values, positionals }));
  console.log('name:', values.name ?? '(none)', 'verbose:', values.verbose === true);
} catch (e) {
  console.error('parse error:', e.code);
  process.exit(2);
}
