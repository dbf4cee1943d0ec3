const path = require('path');
module.exports = {
  isMain: require.main === module,
  mainRel: path.relative(process.cwd(), require.main.filename),
  ownId: path.relative(process.cwd(), module.id),
};
