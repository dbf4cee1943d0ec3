const fs = require('fs');
const d = 'tmp/40';
fs.rmSync(d, { recursive: true, force: true });
fs.mkdir(d, { recursive: true }, (err) => {
  console.log('mkdir err:', err);
  fs.writeFile(`${d}/cb.txt`, 'callback api', (err2) => {
    console.log('write err:', err2);
    fs.readFile(`${d}/cb.txt`, 'utf8', (err3, data) => {
      console.log('read:', err3, data);
      fs.stat(`${d}/cb.txt`, (err4, st) => {
        console.log('stat:', err4, st.size, st.isFile());
        fs.readFile('data/nope.txt', (err5, d5) => {
          console.log('missing:', err5.code, d5);
          fs.readdir(d, (err6, list) => console.log('readdir:', err6, list));
        });
      });
    });
  });
});
console.log('scheduled');
