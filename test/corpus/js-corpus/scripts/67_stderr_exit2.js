console.log('doing work');
console.error('error: something went wrong');
process.stderr.write('details: code=E_BAD\n');
process.exit(2);
