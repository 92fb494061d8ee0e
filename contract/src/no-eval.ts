import { z } from 'zod';

/*
 * Imported for its effect, first thing in the web app: zod compiles object schemas with
 * `new Function` where it may, and decides when each schema is built. The pages' Content-Security-
 * Policy has no 'unsafe-eval', so the browser would refuse (and report) it. The server keeps it.
 */
z.config({ jitless: true });
