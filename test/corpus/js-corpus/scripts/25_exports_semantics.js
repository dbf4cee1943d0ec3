const r = require('../lib/reassign');
console.log('reassigned module:', r);
console.log('this === module.exports:', this === module.exports);
console.log('exports === module.exports:', exports === module.exports);
exports.fromMain = 1;
console.log('own exports:', module.exports);
console.log('types:', typeof require, typeof module, typeof exports, typeof __filename, typeof __dirname);
console.log('wrapper arguments:', arguments.length);
console.log('require.resolve is function:', typeof require.resolve);
