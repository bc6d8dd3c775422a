import { z } from 'zod';
import { LocaleCode } from './site.ts';

/**
 * `content/redirects.yaml`: old addresses and where they lead now. Written into `_redirects` (Netlify and
 * Cloudflare Pages), answered by `site serve`, and left as a small fallback page at each old address for
 * hosts that read neither (docs/authoring/publishing.md, Redirects).
 */

const PATH_MESSAGE = 'expected a path on this site: starting with /, letters, digits, - _ . ~ between slashes, no query, #fragment or wildcard';
/**
 * A path a request can have: what hosts match the `from` of a rule against (no query, fragment or wildcard; no
 * segment starting with a dot, which no host serves). A trailing slash means the same address as none.
 */
const SitePath = z.string().regex(/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/, { message: PATH_MESSAGE });

const TARGET_MESSAGE = 'expected a path on this site (/…, an optional #fragment) or an https:// URL';
const Target = z.string().regex(/^(\/[^\s?#]*(#[A-Za-z0-9_-]+)?|https:\/\/[^\s]+)$/, { message: TARGET_MESSAGE });

export const RedirectRule = z.strictObject({
  from: SitePath.describe(
    "The old address, e.g. /alte-preise. With locales, the path below each listed language's root (/alte-preise gives /alte-preise in German and /fr/alte-preise in French).",
  ),
  to: Target.describe(
    "Where it leads now: a page of this site (/preise, /chatbot#pricing) or an https:// URL elsewhere. With locales, a site path is below each language's root too.",
  ),
  status: z
    .literal([301, 302, 308], { message: 'expected 301, 302 or 308' })
    .default(301)
    .describe(
      '301 moved for good (default; search engines move the ranking over), 302 for now (kept in the index), 308 for good and the method kept (forms posting to the old address).',
    ),
  locales: z
    .array(LocaleCode)
    .min(1)
    .optional()
    .describe(
      'Languages this redirect applies to, each below its own root, e.g. [de, fr] for /alt → /neu and /fr/alt → /fr/neu. Without it, from and to are whole paths.',
    ),
});
export type RedirectRule = z.infer<typeof RedirectRule>;

export const RedirectsFile = z.strictObject({
  redirects: z.array(RedirectRule).default([]).describe('Old addresses and where they lead now, in order; every from once.'),
});
export type RedirectsFile = z.infer<typeof RedirectsFile>;
