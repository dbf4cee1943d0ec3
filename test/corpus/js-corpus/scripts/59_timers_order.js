const start = Date.now();
const order = [];
setTimeout(() => order.push('t30'), 30);
setTimeout(() => order.push('t10'), 10);
setTimeout(() => order.push('t0'), 0);
setTimeout(() => order.push('t20'), 20);
setTimeout(() => order.push('t10-second'), 10);
setTimeout((a, b) => order.push(`args:${a},${b}`), 15, 'x', 'y');
const cancelled = setTimeout(() => order.push('cancelled'), 5);
clearTimeout(cancelled);
setTimeout(() => {
  order.push('t40');
  setTimeout(() => {
    order.push('nested');
    console.log(order.join(' '));
    console.log('elapsed >= 35ms:', Date.now() - start >= 35);
  }, 5);
}, 40);
console.log('scheduled');
