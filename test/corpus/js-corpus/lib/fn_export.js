module.exports = function shout(s) {
  return `${String(s).toUpperCase()}!`;
};
