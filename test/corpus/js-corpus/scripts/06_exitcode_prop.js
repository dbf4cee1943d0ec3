process.on('exit', (code) => {
  console.log('exit event code:', code, 'exitCode:', process.exitCode);
});
process.exitCode = 3;
console.log('exitCode set to', process.exitCode);
setTimeout(() => console.log('timer still runs'), 10);
console.log('main done');
