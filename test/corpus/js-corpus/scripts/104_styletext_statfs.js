// util.styleText and the colour tables, util's TextEncoder, and fs.statfs in its three forms.
const util = require("util");
const fs = require("fs");

// What a single format does depends on FORCE_COLOR: start from a machine that does not set it.
delete process.env.FORCE_COLOR;
const show = (value) => JSON.stringify(value);
const attempt = (label, fn) => {
  try {
    console.log(label, show(fn()));
  } catch (error) {
    console.log(label, error.name, error.code, error.message);
  }
};

attempt("one format, piped:", () => util.styleText("red", "x"));
attempt("an array, piped:", () => util.styleText(["bold", "red"], "x"));
attempt("no stream check:", () => util.styleText("underline", "x", { validateStream: false }));
attempt("an alias:", () => util.styleText(["grey"], "x"));
attempt("unknown format:", () => util.styleText("nope", "x"));
attempt("unknown in an array:", () => util.styleText(["red", 5], "x"));
attempt("text not a string:", () => util.styleText("red", 1));
attempt("both wrong:", () => util.styleText(undefined, 1));
attempt("validateStream not boolean:", () => util.styleText("red", "x", { validateStream: 1 }));
attempt("not a stream:", () => util.styleText("red", "x", { stream: {} }));
for (const force of ["1", "0", "", "false", "3"]) {
  process.env.FORCE_COLOR = force;
  attempt(`FORCE_COLOR=${show(force)}:`, () => util.styleText("green", "x"));
}
delete process.env.FORCE_COLOR;

const { colors, styles } = util.inspect;
console.log("colors:", Object.keys(colors).length, show(colors.red), show(colors.bgWhiteBright));
console.log("prototypes:", Object.getPrototypeOf(colors), Object.getPrototypeOf(styles));
const grey = Object.getOwnPropertyDescriptor(colors, "grey");
console.log("alias:", typeof grey.get, grey.enumerable, show(colors.faint), show(colors.crossedOut));
console.log("styles:", show(styles));

const encoder = new util.TextEncoder();
console.log("TextEncoder:", util.TextEncoder === TextEncoder, [...encoder.encode("hé")]);
console.log("TextDecoder:", new util.TextDecoder().decode(new Uint8Array([104, 105])));

const space = fs.statfsSync(".");
const fields = Object.entries(space).map(([name, value]) => `${name}:${typeof value}`);
console.log("statfs:", space.constructor.name, fields.join(" "));
console.log("free within size:", space.bavail <= space.blocks, space.bsize > 0);
console.log("bigint:", typeof fs.statfsSync(".", { bigint: true }).blocks);
attempt("missing:", () => fs.statfsSync("no/such/folder"));
fs.statfs(".", (error, result) => {
  console.log("callback:", error, result.constructor.name);
  fs.promises.statfs("no/such/folder").catch((error) => {
    console.log("promise:", error.code, error.syscall, error.message);
  });
});
