process.on('exit', (code) => {
  console.log('exit handler, code =', code);
  setTimeout(() => console.log('timer in exit handler never runs'), 0);
});
console.log('start');
setTimeout(() => {
  console.log('in callback');
  process.exit(4);
}, 10);
setTimeout(() => console.log('should not appear'), 200);
console.log('end of main');
