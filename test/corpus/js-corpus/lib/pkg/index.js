const helper = require('./helper');
module.exports = { name: 'pkg', helper };
