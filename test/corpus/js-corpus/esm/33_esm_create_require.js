import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const config = require('../data/config.json');
const math = require('../lib/math.js');
console.log(config.name, config.tags.length, math.add(2, 2));
console.log('resolve:', path.relative(process.cwd(), require.resolve('../lib/pkg')));
console.log('builtin:', require('fs') === require('node:fs'));
