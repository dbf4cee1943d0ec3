console.log('start');
setTimeout(() => console.log('should not appear'), 100);
Promise.reject(new Error('nobody handles this'));
