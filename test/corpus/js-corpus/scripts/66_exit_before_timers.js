process.on('exit', (code) => console.log('exit listener, code', code));
setTimeout(() => console.log('TIMER SHOULD NOT APPEAR'), 10);
setImmediate(() => console.log('IMMEDIATE SHOULD NOT APPEAR'));
Promise.resolve().then(() => console.log('MICROTASK SHOULD NOT APPEAR'));
process.nextTick(() => console.log('NEXTTICK SHOULD NOT APPEAR'));
console.log('exiting now');
process.exit(0);
