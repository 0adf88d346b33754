import { z } from 'zod';

// Zod compiles object parsers with new Function() unless told not to; the app's Content Security
// Policy forbids eval, so Zod's probe for it was blocked and logged as a CSP issue on every page
// (Lighthouse best practices, issue 38). Imported first, before any schema is used.
z.config({ jitless: true });
