exports.name = 'b';
exports.done = false;
const a = require('./circ_a');
exports.sawA = `a.done=${a.done}, a.name=${a.name}, keys=${Object.keys(a).join("+")}`;
exports.done = true;
