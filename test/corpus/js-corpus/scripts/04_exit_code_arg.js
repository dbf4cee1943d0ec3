const code = Number(process.argv[2] || 0);
console.log('about to exit with', code);
process.stdout.write('partial line without newline');
process.stderr.write('stderr before exit\n');
process.exit(code);
console.log('unreachable');
