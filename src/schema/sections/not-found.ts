import { z } from 'zod';
import { LanguageTag } from '../site.ts';
import { Text } from '../text.ts';
import { sectionBase, sectionType } from './common.ts';

/** The not-found page's content; its island logs the attempted path to the console. */
export const NotFoundSection = z.strictObject({
  type: sectionType('notFound', 'the content of the not-found (404) page.'),
  ...sectionBase,
  code: Text.describe('The large status line above the title, e.g. "404".'),
  title: Text.describe('The page heading, e.g. "Seite nicht gefunden".'),
  /** Language of the title when it is not the page's: the spec fixes it in English on the German page. */
  titleLang: LanguageTag.optional().describe("Language of the title when it is not the page's, so screen readers pronounce it right, e.g. en."),
  text: Text.optional().describe('A sentence under the title.'),
  action: z
    .strictObject({
      label: Text.describe('The button text, e.g. "Zur Startseite".'),
      href: z.string().regex(/^\//, { message: 'expected a site path starting with /' }).describe('A page of this site, e.g. "/".'),
    })
    .describe('The button back into the site.'),
  /** Console message; the attempted path is appended. */
  logMessage: Text.describe('Written to the browser console with the path the visitor tried appended, e.g. "404 Error: User attempted to access non-existent route:".'),
});
