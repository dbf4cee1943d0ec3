const fs = require("node:fs");

const name = process.argv[2] ?? "world";
const greeting = `Hello, ${name}, from JavaScript!`;
console.log(greeting);
fs.writeFileSync("greeting.txt", `${greeting}\n`);
