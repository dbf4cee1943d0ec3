'use strict';
// Text statistics for the text-tools-js skill (CommonJS, fs/path only).
//
// Usage: node scripts/text_stats.js FILE [--top N] [--json]
//
// Prints line, word and character counts and the top N words (default 5).
// Words are runs of letters/digits (with inner apostrophes such as
// "keeper's"), compared in lower case. Ties are sorted alphabetically.
// Exit codes: 0 success, 1 any error (message on stderr).

const fs = require('fs');
const path = require('path');

const USAGE = 'usage: node scripts/text_stats.js FILE [--top N] [--json]';
const DEFAULT_TOP = 5;
const WORD_RE = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;

function fail(message) {
  console.error('error: ' + message + '\n' + USAGE);
  process.exit(1);
}

function parseTop(value) {
  if (value === undefined || !/^[0-9]+$/.test(value) || Number(value) < 1) {
    fail('--top needs a whole number of 1 or more, got ' +
      (value === undefined ? 'nothing' : JSON.stringify(value)));
  }
  return Number(value);
}

function parseArgs(argv) {
  const opts = { file: null, top: DEFAULT_TOP, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') {
      opts.json = true;
    } else if (arg === '--top') {
      opts.top = parseTop(argv[i + 1]);
      i++;
    } else if (arg.startsWith('--top=')) {
      opts.top = parseTop(arg.slice('--top='.length));
    } else if (arg === '-h' || arg === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('-') && arg !== '-') {
      fail('unknown option ' + JSON.stringify(arg));
    } else if (opts.file === null) {
      opts.file = arg;
    } else {
      fail('only one FILE may be given, got extra ' + JSON.stringify(arg));
    }
  }
  if (opts.file === null) {
    fail('missing FILE argument');
  }
  return opts;
}

function readText(file) {
  if (!fs.existsSync(file)) {
    fail('file not found: ' + file);
  }
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    fail('cannot read ' + file + ': ' + (err && err.code ? err.code : String(err)));
  }
  return '';
}

function countLines(text) {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function topWords(words, n) {
  const counts = new Map();
  for (const w of words) counts.set(w, (counts.get(w) || 0) + 1);
  const entries = Array.from(counts, ([word, count]) => ({ word, count }));
  entries.sort((a, b) => {
    if (b.count !== a.count) return b.count - a.count;
    return a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
  });
  return entries.slice(0, n);
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const file = path.normalize(opts.file);
  let text = readText(file);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // drop a BOM

  const words = (text.toLowerCase().match(WORD_RE) || []);
  const result = {
    file: file,
    lines: countLines(text),
    words: words.length,
    chars: Array.from(text).length,
    top: topWords(words, opts.top),
  };

  if (opts.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const out = [
    'File: ' + result.file,
    'Lines: ' + result.lines,
    'Words: ' + result.words,
    'Characters: ' + result.chars,
    'Top ' + opts.top + ' words:',
  ];
  const width = result.top.reduce((m, e) => Math.max(m, e.word.length), 0);
  result.top.forEach((e, i) => {
    out.push('  ' + (i + 1) + '. ' + e.word.padEnd(width) + '  ' + e.count);
  });
  if (result.top.length === 0) out.push('  (no words)');
  console.log(out.join('\n'));
}

main();
