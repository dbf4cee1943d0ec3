const a = require('../lib/circ_a');
const b = require('../lib/circ_b');
console.log('a:', JSON.stringify(a));
console.log('b:', JSON.stringify(b));
console.log('a saw b:', a.sawB);
console.log('b saw a:', b.sawA);
console.log('both done:', a.done && b.done);
