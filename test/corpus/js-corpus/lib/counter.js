globalThis.__counterLoads = (globalThis.__counterLoads || 0) + 1;
let count = 0;
module.exports = {
  inc() {
    count += 1;
    return count;
  },
  get value() {
    return count;
  },
};
