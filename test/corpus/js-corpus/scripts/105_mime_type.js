// util.MIMEType and util.MIMEParams: parsing, serialising, setters and their errors.
const util = require("util");
const { MIMEType, MIMEParams } = util;

const attempt = (label, fn) => {
  try {
    console.log(label, JSON.stringify(fn()));
  } catch (error) {
    console.log(label, error.name, error.code, error.message);
  }
};

for (const text of [
  "text/html",
  '  Text/HTML ; Charset="utf-8" ; x',
  "bad",
  "text/",
  "/html",
  "  te xt/html",
  "text/html x;a=b",
  'text/html;a="b\\"c";a=2;b=;c',
  'text/plain;x="unterminated',
  'a/b;=x;y="" ;z="q r";k=v;K=w',
  "a/b; k = v",
  'text/html;;;a=b;c="x\\y" z;d="é"',
]) {
  attempt(JSON.stringify(text), () => {
    const mime = new MIMEType(text);
    return [String(mime), mime.type, mime.subtype, mime.essence, [...mime.params]];
  });
}

const mime = new MIMEType("text/plain;charset=utf-8");
for (const type of ["Application", "", " x", "x/y"]) {
  attempt(`type = ${JSON.stringify(type)}:`, () => {
    mime.type = type;
    return String(mime);
  });
}
for (const subtype of ["JSON", "", "x;y"]) {
  attempt(`subtype = ${JSON.stringify(subtype)}:`, () => {
    mime.subtype = subtype;
    return String(mime);
  });
}
const { params } = mime;
attempt("set A:", () => (params.set("A", "b c"), String(mime)));
attempt("set empty:", () => (params.set("e", ""), String(mime)));
attempt("set quote:", () => (params.set("q", 'a"b\\'), String(mime)));
attempt("bad name:", () => params.set("bad name", "x"));
attempt("bad value:", () => params.set("ok", "a\u0100"));
console.log("has/get:", params.has("a"), params.has("A"), params.get("A"), params.get("zz"));
params.delete("A");
console.log("after delete:", String(params), JSON.stringify(params), [...params.keys()]);
console.log("values:", [...params.values()], "entries:", [...params.entries()], [...params]);
console.log("JSON:", JSON.stringify({ mime }), mime.toJSON());
console.log("new MIMEParams:", params instanceof MIMEParams, JSON.stringify(String(new MIMEParams())));
console.log("inspect:", util.inspect(new MIMEType("a/b")), util.inspect(new MIMEParams()));
console.log("from an object:", String(new MIMEType({ toString: () => "A/B;X=Y" })));
