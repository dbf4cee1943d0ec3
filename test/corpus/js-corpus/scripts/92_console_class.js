// Loggers build their own console over a stream with console.Console.
const { Console } = require("node:console");
const { Writable } = require("node:stream");

const lines = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const own = new Console(sink);
own.log("to the sink %d", 1);
own.error("errors too");
own.group("group");
own.info("inside");
own.groupEnd();
own.count();
own.count();
const both = new console.Console({ stdout: process.stdout, stderr: process.stderr });
both.log("through stdout");
console.log(Console === console.Console, typeof own.table);
try {
  new Console();
} catch (error) {
  console.log(error.code, error.name, error.message);
}
try {
  Console({ stdout: process.stdout, stderr: 5 });
} catch (error) {
  console.log(error.code, error.message);
}
setImmediate(() => console.log(JSON.stringify(lines)));
