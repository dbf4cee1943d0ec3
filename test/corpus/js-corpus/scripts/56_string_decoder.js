const { StringDecoder } = require('string_decoder');
const euro = Buffer.from('€');
const d = new StringDecoder('utf8');
console.log('euro bytes:', euro);
console.log('part 1:', JSON.stringify(d.write(euro.subarray(0, 2))));
console.log('part 2:', JSON.stringify(d.write(euro.subarray(2))));
const emoji = Buffer.from('a🎉b');
const d2 = new StringDecoder('utf8');
let out = '';
for (const byte of emoji) {
  const s = d2.write(Buffer.from([byte]));
  out += s;
  console.log('byte', byte.toString(16), '->', JSON.stringify(s));
}
console.log('total:', out + d2.end());
const d3 = new StringDecoder('utf8');
console.log('incomplete end:', JSON.stringify(d3.write(Buffer.from([0xe2, 0x82])) + d3.end()));
const naive = Buffer.from([0xe2, 0x82]).toString() + Buffer.from([0xac]).toString();
console.log('naive concat broken:', JSON.stringify(naive), naive !== '€');
const h = new StringDecoder('hex');
console.log('hex:', h.write(Buffer.from('hi')), JSON.stringify(h.end()));
const b64 = new StringDecoder('base64');
console.log('base64:', JSON.stringify([b64.write(Buffer.from('ab')), b64.write(Buffer.from('c')), b64.end()]));
console.log('end(buf):', new StringDecoder().end(Buffer.from('xyz')));
