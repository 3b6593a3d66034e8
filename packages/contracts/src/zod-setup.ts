import { z } from 'zod'

/*
 * Zod's settings for both sides of the wire. Imported first by the package's entry (`index.ts`), so it
 * runs before any schema of the package is built: a schema reads some settings when it is created.
 */

// Validation messages in Spanish.
z.config(z.locales.es())

// The browser's CSP allows no eval: there zod must not even probe for its compiled fast path (the probe
// alone is a violation the browser reports, and schemas probe as they are built). The server keeps it.
if ('document' in globalThis) z.config({ jitless: true })
