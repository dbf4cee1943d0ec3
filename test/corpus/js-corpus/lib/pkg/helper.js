exports.double = (n) => n * 2;
