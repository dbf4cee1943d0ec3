// node:readline — line splitting over any readable stream, with 'line' and 'close' events and
// async iteration; the sandbox's stdin is empty, so a question's answer never comes.
const EventEmitter = require("events");

class Interface extends EventEmitter {
  constructor(input, output, _completer, terminal) {
    super();
    const options =
      input && typeof input === "object" && !("on" in input && typeof input.read === "function")
        ? input
        : { input, output, terminal };
    this.input = options.input;
    this.output = options.output;
    this.terminal = options.terminal === true;
    this.line = "";
    this.closed = false;
    this._prompt = options.prompt ?? "> ";
    this._buffer = "";
    this._sawReturn = false;
    this._questionCallback = null;
    this._paused = false;
    this._pending = [];
    if (this.input) {
      this._onData = (chunk) => this._receive(String(chunk));
      this._onEnd = () => {
        if (this._buffer.length > 0) this._emitLine(this._buffer);
        this._buffer = "";
        this.close();
      };
      this.input.on("data", this._onData);
      this.input.on("end", this._onEnd);
      this.input.on("error", (error) => this.emit("error", error));
      if (typeof this.input.resume === "function") this.input.resume();
    }
  }

  _receive(text) {
    let rest = this._buffer + text;
    // A \r\n split across chunks ends one line, not two.
    if (this._sawReturn && rest.startsWith("\n")) rest = rest.slice(1);
    this._sawReturn = false;
    const parts = rest.split(/\r\n|\n|\r/);
    this._buffer = parts.pop() ?? "";
    if (rest.endsWith("\r") && this._buffer === "") this._sawReturn = true;
    for (const line of parts) this._emitLine(line);
  }

  _emitLine(line) {
    if (this._questionCallback) {
      const callback = this._questionCallback;
      this._questionCallback = null;
      callback(line);
      return;
    }
    if (this._paused) this._pending.push(line);
    else this.emit("line", line);
  }

  setPrompt(prompt) {
    this._prompt = String(prompt);
  }
  getPrompt() {
    return this._prompt;
  }
  prompt() {
    if (this.closed) throw closedError();
    this.output?.write?.(this._prompt);
  }
  question(query, options, callback) {
    const done = typeof options === "function" ? options : callback;
    if (this.closed) throw closedError();
    this.output?.write?.(String(query));
    this._questionCallback = done;
  }
  write(data) {
    if (this.closed) throw closedError();
    this._receive(String(data));
  }
  pause() {
    this._paused = true;
    this.emit("pause");
    return this;
  }
  resume() {
    this._paused = false;
    this.emit("resume");
    while (!this._paused && this._pending.length > 0) this.emit("line", this._pending.shift());
    return this;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.input) {
      this.input.removeListener("data", this._onData);
      this.input.removeListener("end", this._onEnd);
    }
    this.emit("close");
  }
  getCursorPos() {
    return { rows: 0, cols: 0 };
  }
  [Symbol.asyncIterator]() {
    const lines = [];
    const waiting = [];
    let done = this.closed;
    this.on("line", (line) => {
      const next = waiting.shift();
      if (next) next({ value: line, done: false });
      else lines.push(line);
    });
    this.on("close", () => {
      done = true;
      for (const next of waiting.splice(0)) next({ value: undefined, done: true });
    });
    return {
      next: () =>
        lines.length > 0
          ? Promise.resolve({ value: lines.shift(), done: false })
          : done
            ? Promise.resolve({ value: undefined, done: true })
            : new Promise((resolve) => waiting.push(resolve)),
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

function closedError() {
  const error = new Error("readline was closed");
  error.code = "ERR_USE_AFTER_CLOSE";
  return error;
}

const createInterface = (input, output, completer, terminal) =>
  new Interface(input, output, completer, terminal);

const cursor = {
  clearLine: (stream, _dir, callback) => {
    if (typeof callback === "function") process.nextTick(callback);
    return true;
  },
  clearScreenDown: (stream, callback) => {
    if (typeof callback === "function") process.nextTick(callback);
    return true;
  },
  cursorTo: (stream, _x, _y, callback) => {
    const done = [_y, callback].find((c) => typeof c === "function");
    if (done) process.nextTick(done);
    return true;
  },
  moveCursor: (stream, _dx, _dy, callback) => {
    if (typeof callback === "function") process.nextTick(callback);
    return true;
  },
};

module.exports = {
  Interface,
  createInterface,
  emitKeypressEvents() {},
  ...cursor,
  promises: {
    Interface,
    createInterface: (...args) => {
      const rl = createInterface(...args);
      const question = rl.question.bind(rl);
      rl.question = (query, options) =>
        new Promise((resolve) => question(query, options ?? {}, resolve));
      return rl;
    },
  },
};
