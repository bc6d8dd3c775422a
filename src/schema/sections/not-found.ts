import { z } from 'zod';
import { LanguageTag } from '../site.ts';
import { Text } from '../text.ts';

const SitePath = z.string().regex(/^\/[^\s]*$/, { message: 'expected a site path starting with /, e.g. "/fr#pricing"' });
import { sectionBase, sectionType } from './common.ts';

/** The not-found page's content; its island logs the attempted path to the console. */
export const NotFoundSection = z.strictObject({
  type: sectionType('notFound', 'the content of the not-found (404) page.'),
  ...sectionBase,
  code: Text.describe('The large status line above the title, e.g. "404".'),
  title: Text.describe('The page heading, e.g. "Seite nicht gefunden".'),
  /** Language of the title when it is not the page's: the spec fixes it in English on the German page. */
  titleLang: LanguageTag.optional().describe("Language of the title when it is not the page's, so screen readers pronounce it right, e.g. en."),
  subtitle: Text.optional().describe(
    'The title again in the page\'s language, a line under a title in another language (titleLang), e.g. "Seite nicht gefunden".',
  ),
  text: Text.optional().describe('A sentence under the title.'),
  action: z
    .strictObject({
      label: Text.describe('The button text, e.g. "Zur Startseite".'),
      href: SitePath.describe('A page of this site, e.g. "/".'),
    })
    .describe("The one button back into the site (the page's header shows no second one)."),
  /** Shown with the path the visitor tried, which only the browser knows (the page answers every unknown path). */
  pathLabel: Text.optional().describe('Shown before the address the visitor tried, e.g. "Aufgerufene Adresse:".'),
  links: z
    .strictObject({
      title: Text.describe('The heading above the links, e.g. "Vielleicht suchen Sie:".'),
      items: z
        .array(
          z.strictObject({
            label: Text.describe('The link text, e.g. "Preise".'),
            href: SitePath.describe('A page or section of this site in the page\'s language, e.g. "/#pricing".'),
            text: Text.optional().describe('One short line under the link, e.g. "Drei Tarife, monatlich kündbar."'),
          }),
        )
        .min(2)
        .max(6)
        // They stand two by two from 640 px: an odd count would leave one alone on a row.
        .refine((items) => items.length % 2 === 0, { message: 'expected an even number of links (2, 4 or 6): they stand two by two' })
        .describe('2, 4 or 6 links.'),
    })
    .optional()
    .describe("Links onward to the main sections of the page's language."),
  /** Console message; the attempted path is appended. */
  logMessage: Text.describe(
    'Written to the browser console with the path the visitor tried appended, e.g. "404 Error: User attempted to access non-existent route:".',
  ),
});
