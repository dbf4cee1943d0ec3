console.log('scheduling');
setTimeout(() => {
  console.log('in timer');
  throw new Error('thrown inside timer');
}, 10);
setTimeout(() => console.log('should not appear'), 50);
