process.on('uncaughtException', (err, origin) => {
  console.log('uncaughtException handler:', err.message, origin);
});
process.on('unhandledRejection', (reason) => {
  console.log('unhandledRejection handler:', reason.message);
});
setTimeout(() => console.log('process continues after handlers'), 10);
Promise.reject(new Error('rejected without catch'));
console.log('about to throw');
throw new Error('caught by handler');
