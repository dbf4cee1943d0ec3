let ticks = 0;
const id = setInterval(() => {
  ticks += 1;
  console.log('tick', ticks);
  if (ticks === 3) {
    clearInterval(id);
    console.log('cleared');
    setTimeout(() => console.log('final ticks:', ticks), 30);
  }
}, 10);
console.log('interval scheduled');
