// vm for evaluating expressions, and the missing-package fallback real scripts rely on.
const vm = require("vm");
console.log(vm.runInNewContext("a + b * 2", { a: 1, b: 3 }));
const context = vm.createContext({ total: 0 });
vm.runInContext("total += 5; var seen = typeof process", context);
console.log(context.total, vm.isContext(context));
console.log(new vm.Script("6 * 7").runInThisContext());
let yaml;
try {
  yaml = require("js-yaml");
} catch (error) {
  console.log("fallback:", error.code);
  yaml = { load: JSON.parse };
}
console.log(yaml.load('{"ok": true}'));
import("left-pad").then(
  () => console.log("loaded?"),
  (error) => console.log("dynamic import:", error.code),
);
const url = require("url");
console.log(url.domainToASCII("español.com"), url.domainToUnicode("xn--espaol-zwa.com"));
console.log(require("punycode").encode("mañana"));
