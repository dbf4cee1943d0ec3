console.log(Array.from({ length: 120 }, (_, i) => i));
console.log(Array.from({ length: 101 }, () => 'x'));
console.log(new Array(150).fill(7).length);
console.log(Array.from({ length: 8 }, (_, i) => ({ id: i })));
console.log(Array.from({ length: 26 }, (_, i) => `item-${String.fromCharCode(97 + i)}`));
console.log({ data: Array.from({ length: 103 }, (_, i) => i * 2).slice(95) });
console.log({ big: Array.from({ length: 102 }, (_, i) => i % 3) });
console.log('x'.repeat(200).length, ['y'.repeat(90)]);
console.log([1.5, 22.25, 333, 4444.125, 5, 66, 777, 8, 9.75, 10]);
