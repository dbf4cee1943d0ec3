// @ts-check
// The global `performance` object. Internal: node.js makes the one every script sees.
const { DOMException } = require("internal/web_globals");

/**
 * The `performance` object: now() and timeOrigin, with the User Timing marks and measures
 * scripts time their steps with (kept in the run, never reported anywhere).
 */
function userTiming(now) {
  const entries = [];
  const entry = (name, entryType, startTime, duration, detail) => ({
    name: String(name),
    entryType,
    startTime,
    duration,
    detail: detail ?? null,
    toJSON() {
      return { name: this.name, entryType, startTime, duration, detail: this.detail };
    },
  });
  const timeOf = (mark) => {
    if (typeof mark === "number") return mark;
    const found = [...entries].reverse().find((e) => e.entryType === "mark" && e.name === mark);
    if (!found) {
      throw new DOMException(`The "${mark}" performance mark has not been set`, "SyntaxError");
    }
    return found.startTime;
  };
  const clear = (type) => (name) => {
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].entryType === type && (name === undefined || entries[i].name === name)) {
        entries.splice(i, 1);
      }
    }
  };
  return {
    now,
    timeOrigin: Date.now(),
    mark(name, options = {}) {
      const made = entry(name, "mark", options.startTime ?? now(), 0, options.detail);
      entries.push(made);
      return made;
    },
    measure(name, start, end) {
      const options = typeof start === "object" && start !== null ? start : {};
      const from =
        options.start !== undefined
          ? timeOf(options.start)
          : typeof start === "string"
            ? timeOf(start)
            : 0;
      const to =
        options.end !== undefined ? timeOf(options.end) : end !== undefined ? timeOf(end) : now();
      const made = entry(name, "measure", from, to - from, options.detail);
      entries.push(made);
      return made;
    },
    // In start-time order, as Node's performance timeline lists them.
    getEntries: () => [...entries].sort((a, b) => a.startTime - b.startTime),
    getEntriesByName: (name, type) =>
      entries
        .filter((e) => e.name === name && (type === undefined || e.entryType === type))
        .sort((a, b) => a.startTime - b.startTime),
    getEntriesByType: (type) =>
      entries.filter((e) => e.entryType === type).sort((a, b) => a.startTime - b.startTime),
    clearMarks: clear("mark"),
    clearMeasures: clear("measure"),
    toJSON() {
      return { timeOrigin: this.timeOrigin };
    },
  };
}

module.exports = { userTiming };
