setTimeout(() => console.log('fired after 50ms timer'), 50);
