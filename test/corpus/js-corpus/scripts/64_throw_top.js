console.log('before throw');
throw new Error('top-level failure');
