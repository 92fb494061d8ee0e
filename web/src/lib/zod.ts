/*
 * In the browser build every `import … from 'zod'` resolves here (vite.config.ts): zod comes with
 * its schema compiler turned off (the page's CSP has no 'unsafe-eval', contract/src/no-eval.ts)
 * wherever a screen first needs it, before any schema is built, so the entry chunk every page
 * loads does not carry zod.
 */
import '@livecart/contract/no-eval';

export * from 'zod';
export { z as default, z } from 'zod';
