'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
console.log(JSON.stringify({ runtime: 'node', args: args }));
const file = path.join('out', 'from_python.txt');
if (fs.existsSync(file)) {
  process.stdout.write('node read: ' + fs.readFileSync(file, 'utf8'));
} else {
  console.log('node read: (no python output)');
}
