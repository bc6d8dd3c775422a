import { z } from 'zod';
import { LocaleCode } from './site.ts';

const Kilobytes = z.number().positive().describe('kilobytes (1 KB = 1024 bytes) after gzip -9');

/** Byte budgets of one route; each is the gzip size of what a visitor downloads. */
export const Budget = z.strictObject({
  html: Kilobytes.optional().describe('the HTML document'),
  css: Kilobytes.optional().describe('every stylesheet the page links'),
  js: Kilobytes.optional().describe(
    'JavaScript a visitor (first visit or returning) downloads without interacting: page scripts with their static imports, plus the island runtime and chunks of islands hydrating on load or idle (the cookie banner needs none: the inline consent probe runs it)',
  ),
  jsAtMost: Kilobytes.optional().describe(
    'JavaScript with every island of the page hydrated and a toast shown, before the first contact submit (which loads the backend client)',
  ),
});
export type Budget = z.infer<typeof Budget>;

/** `content/check.yaml`: what `site build` and `site check` hold the site to beyond the schemas. */
export const CheckConfig = z.strictObject({
  budgets: z
    .strictObject({
      default: Budget.default({}).describe('applies to every route'),
      routes: z
        .record(z.string().regex(/^\//, { message: 'expected a route starting with /' }), Budget)
        .default({})
        .describe('per-route overrides, e.g. "/chatbot"'),
      image: z
        .number()
        .positive()
        .optional()
        .describe(
          'kilobytes (1 KB = 1024 bytes) as served, not gzipped: the heaviest file the build makes of any one image (any format, any width); site check reports an image over it at its src',
        ),
    })
    .default({ default: {}, routes: {} })
    .describe('Gzip byte budgets per route: site build fails a route over budget.'),
  /**
   * Locales each page family must exist in (folder name under pages/). The home family (slug "") always
   * claims every locale in site.yaml.
   */
  families: z
    .record(z.string(), z.array(LocaleCode).min(1))
    .default({})
    .describe('Locales each page family must exist in (its folder name under pages/ → locale codes); the home family always claims every locale of site.yaml.'),
  /** Routes that must never be indexed (e.g. the internal sales guide), whatever their page file says. */
  noindex: z
    .array(z.string().regex(/^\//, { message: 'expected a route starting with /' }))
    .default([])
    .describe('Routes that must never be indexed whatever their page file says, e.g. ["/leitfaden"].'),
});
export type CheckConfig = z.infer<typeof CheckConfig>;
