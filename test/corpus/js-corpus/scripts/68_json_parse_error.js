const fs = require('fs');
for (const s of ['{bad json}', '']) {
  try {
    JSON.parse(s);
  } catch (e) {
    console.log(e.name, '|', e.message);
  }
}
for (const s of ['[1, 2,]', '{"a": 1', 'undefined', "{'single': 1}"]) {
  try {
    JSON.parse(s);
  } catch (e) {
    console.log(JSON.stringify(s), '->', e.name, e instanceof SyntaxError);
  }
}
console.log(JSON.parse('{"n": 1e3, "s": "\\u00e9", "a": [true, null]}'));
try {
  JSON.parse(fs.readFileSync('data/broken.json', 'utf8'));
} catch (e) {
  console.log('file:', e instanceof SyntaxError);
}
