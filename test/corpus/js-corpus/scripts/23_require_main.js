const check = require('../lib/main_check');
console.log('require.main === module:', require.main === module);
console.log('lib isMain:', check.isMain);
console.log('lib sees main:', check.mainRel);
console.log('lib module.id:', check.ownId);
console.log('main module.id:', module.id);
console.log('module.loaded at top:', module.loaded);
setImmediate(() => console.log('module.loaded later:', module.loaded));
if (require.main === module) console.log('running as main');
