console.log('[dyn.mjs evaluated]');
export const kind = 'dynamic';
export default { loaded: true };
