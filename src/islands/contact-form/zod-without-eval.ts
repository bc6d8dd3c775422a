/**
 * Imported before the contact schema on the submit path: zod 4 compiles object parsers with
 * `new Function` unless told not to, and merely probing for that is a `script-src` violation under the
 * site's CSP (no 'unsafe-eval'). It reads the setting when a schema is built, hence its own module.
 */
import * as z from 'zod';

z.config({ jitless: true });
