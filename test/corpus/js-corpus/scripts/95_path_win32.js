// Scripts that build Windows paths (installers, reports for Windows users) use path.win32; it
// must read drives, shares, both separators and letter case as Node does on any platform.
const path = require("node:path");
const win = require("node:path/win32");

console.log(win === path.win32, path.win32.sep, path.win32.delimiter, path.posix === path);
const samples = [
  "C:\\Users\\ana\\report.final.xlsx",
  "c:/temp//logs/../out/",
  "\\\\server\\share\\folder\\file.txt",
  "\\\\server\\share",
  "\\\\.\\pipe\\name",
  "D:relative\\part",
  "..\\..\\up.txt",
  "name:stream",
  "con:x",
  "",
];
for (const sample of samples) {
  console.log(
    JSON.stringify([
      win.normalize(sample),
      win.isAbsolute(sample),
      win.dirname(sample),
      win.basename(sample),
      win.extname(sample),
      win.parse(sample),
    ]),
  );
}
console.log(win.join("C:\\a", "..", "b", "c.txt"), win.join("\\\\srv", "share", "x"), win.join("//", "x"));
console.log(win.resolve("C:\\a", "b", "..\\c"), win.resolve("C:\\a", "D:\\b", "e"));
console.log(win.relative("C:\\orandea\\test\\aaa", "C:\\orandea\\impl\\bbb"));
console.log(win.relative("C:\\a\\B", "c:\\A\\b\\c"), win.relative("C:\\a", "D:\\a"));
console.log(win.toNamespacedPath("C:\\x\\y"), win.toNamespacedPath("\\\\srv\\share\\z"));
console.log(win.format({ root: "C:\\", dir: "C:\\path\\dir", base: "file.txt" }));
console.log(win.basename("C:\\foo.html", ".html"), win.basename("C:\\a\\aa", "a"));
console.log(path.posix.parse("/.."), path.posix.parse("//a/b.c"), path.basename("x//", "x"));
