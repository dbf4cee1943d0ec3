import { z } from "zod";

// Zod compiles object parsers with `new Function` where it can and finds out by trying; under
// our CSP (no 'unsafe-eval') that probe is refused and Firefox logs a CSP violation for it in
// every page, frame and worker. The interpreted parsers are fast enough for tool arguments and
// worker messages. Every module takes `z` from here, so the setting precedes every schema.
z.config({ jitless: true });

export { z };
