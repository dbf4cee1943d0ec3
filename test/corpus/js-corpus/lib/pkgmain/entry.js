module.exports = { entry: 'lib/pkgmain/entry.js via package.json main' };
