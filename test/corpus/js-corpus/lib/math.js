exports.add = (a, b) => a + b;
exports.mul = (a, b) => a * b;
exports.name = 'math';
