exports.name = 'a';
exports.done = false;
const b = require('./circ_b');
exports.sawB = `b.done=${b.done}`;
exports.done = true;
