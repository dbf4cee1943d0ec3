const assert = require('assert');
assert.strictEqual(1 + 1, 2);
console.log('strictEqual passed');
assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] });
console.log('deepStrictEqual passed');
try { assert.deepStrictEqual({ a: 1 }, { a: 2 }); } catch (e) {
  console.log('deep fail:', e.code, e.name, e.operator, e instanceof assert.AssertionError);
}
try { assert.ok(false); } catch (e) { console.log('ok(false):', e.code, e.name, e.actual, e.expected); }
try { assert.strictEqual(1, 2, 'custom message'); } catch (e) { console.log('custom:', e.message.startsWith('custom message'), e.generatedMessage, e.code); }
assert.throws(() => { throw new TypeError('bad type'); }, TypeError);
assert.throws(() => { throw new Error('match me'); }, /match/);
assert.throws(() => { throw new Error('exact'); }, { message: 'exact', name: 'Error' });
console.log('throws variants passed');
try { assert.throws(() => {}); } catch (e) { console.log('throws failed:', e.code); }
assert.doesNotThrow(() => 1);
assert(true);
assert.equal('1', 1);
assert.notStrictEqual('1', 1);
assert.notDeepStrictEqual([1], ['1']);
console.log('misc passed');
try { assert.fail('explicit failure'); } catch (e) { console.log('fail:', e.message, e.code); }
try { assert.match('abc', /x/); } catch (e) { console.log('match:', e.code); }
try { assert(0, 'zero is falsy'); } catch (e) { console.log('assert():', e.message); }
assert.rejects(Promise.reject(new Error('async no')), /async/).then(() => console.log('rejects passed'));
console.log('strict alias:', typeof assert.strict.equal, assert.strict.strict === assert.strict);
