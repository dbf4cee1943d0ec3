const EventEmitter = require('events');
const { once } = require('events');
const e = new EventEmitter();
try {
  e.emit('error', new Error('boom without listener'));
} catch (err) {
  console.log('thrown:', err.message);
}
try {
  e.emit('error', 'plain string');
} catch (err) {
  console.log('thrown code:', err.code, '|', err.message);
}
e.on('error', (err) => console.log('handled error:', err.message));
e.emit('error', new Error('with listener'));
class Job extends EventEmitter {
  constructor(name) {
    super();
    this.name = name;
  }
  run() {
    this.emit('start', this.name);
    this.emit('done', 42);
  }
}
const job = new Job('build');
job.on('start', function (name) {
  console.log('start', name, 'this is job:', this === job);
});
job.on('done', (code) => console.log('done', code));
job.run();
console.log('instanceof:', job instanceof EventEmitter);
const seen = [];
e.on('newListener', (ev) => seen.push(ev));
e.on('x', () => {});
e.once('y', () => {});
console.log('newListener saw:', seen);
console.log('listeners:', e.listeners('x').length, 'default max:', EventEmitter.defaultMaxListeners);
setTimeout(() => e.emit('ready', 'a', 'b'), 10);
once(e, 'ready').then((args) => console.log('events.once resolved with:', args));
