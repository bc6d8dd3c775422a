import { z } from 'zod';
import { LanguageTag } from '../site.ts';
import { Text } from '../text.ts';
import { sectionBase } from './common.ts';

/** The not-found page's content; its island logs the attempted path to the console. */
export const NotFoundSection = z.strictObject({
  type: z.literal('notFound'),
  ...sectionBase,
  code: Text,
  title: Text,
  /** Language of the title when it is not the page's: the spec fixes it in English on the German page. */
  titleLang: LanguageTag.optional(),
  text: Text.optional(),
  action: z.strictObject({ label: Text, href: z.string().regex(/^\//, { message: 'expected a site path starting with /' }) }),
  /** Console message; the attempted path is appended. */
  logMessage: Text,
});
