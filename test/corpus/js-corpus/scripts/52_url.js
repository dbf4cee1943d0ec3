const u = new URL('https://user:pa%20ss@example.com:8080/a/b/../c.html?q=hello%20world&tag=x&tag=y#frag');
for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) {
  console.log(k.padEnd(9), JSON.stringify(u[k]));
}
console.log('get q:', u.searchParams.get('q'), '| getAll tag:', u.searchParams.getAll('tag'), '| has x:', u.searchParams.has('x'));
u.searchParams.append('new', 'a&b=c');
u.searchParams.set('q', 'changed value');
u.searchParams.delete('tag');
console.log('after mutation:', u.search);
console.log(u.href);
for (const [k, v] of u.searchParams) console.log('param', k, '=', v);
const sp = new URLSearchParams({ b: '2', a: '1 + 1', c: 'ü' });
sp.append('a', 'again');
sp.sort();
console.log('URLSearchParams:', sp.toString(), [...sp.keys()].join(','));
console.log(new URLSearchParams('?x=1&y=%20two+three&z').toString());
console.log(new URLSearchParams([['k', 'v1'], ['k', 'v2']]));
console.log('relative:', new URL('../d/e?f=1', 'https://h.test/a/b/c').href);
console.log('normalized:', new URL('https://h.test:443/').href, new URL('HTTP://H.TEST/P').href);
try {
  new URL('not a url');
} catch (e) {
  console.log('invalid:', e.code, e.name);
}
console.log(JSON.stringify({ u: new URL('https://x.test/p?q') }), u.toString() === u.href);
u.pathname = '/new path';
u.hash = '';
console.log('setters:', u.href);
