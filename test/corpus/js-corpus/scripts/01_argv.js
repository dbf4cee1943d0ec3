const args = process.argv.slice(2);
console.log('count:', args.length);
args.forEach((a, i) => {
  console.log(`[${i}] ${JSON.stringify(a)} len=${a.length} bytes=${Buffer.byteLength(a)}`);
});
console.log(JSON.stringify(args));
console.log(args);
console.log('joined:', args.join('|'));
