exports.lost = 'this will be lost';
module.exports = { kept: true };
exports.alsoLost = true;
