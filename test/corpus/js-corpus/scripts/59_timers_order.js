// Timers fire in the order they fall due, ties in the order they were set. The delays are 100 ms
// apart: each timer counts from the moment it is set (as in Node), and on this project's 2-core
// machine two setTimeout calls in a row in the sandbox were measured up to 18 ms apart, which
// reordered delays set 10 ms apart.
const start = Date.now();
const order = [];
setTimeout(() => order.push('t300'), 300);
setTimeout(() => order.push('t100'), 100);
setTimeout(() => order.push('t0'), 0);
setTimeout(() => order.push('t200'), 200);
setTimeout(() => order.push('t100-second'), 100);
setTimeout((a, b) => order.push(`args:${a},${b}`), 150, 'x', 'y');
const cancelled = setTimeout(() => order.push('cancelled'), 50);
clearTimeout(cancelled);
setTimeout(() => {
  order.push('t400');
  setTimeout(() => {
    order.push('nested');
    console.log(order.join(' '));
    console.log('elapsed >= 350ms:', Date.now() - start >= 350);
  }, 5);
}, 400);
console.log('scheduled');
