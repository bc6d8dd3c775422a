import { z } from 'zod';
import { Href, Text } from './text.ts';

/**
 * The navigation bar variants a page picks with `header:`; what each shows is content: the list of the
 * same name under `header.menus` in the page's locale file.
 */
export const HEADER_VARIANTS = {
  business: 'the business landing pages (SPEC: products, pricing, about and contact, plus a start button)',
  education: 'the education landing pages (SPEC: learning modes and contact, plus a start button)',
  chatbot: 'product pages such as /chatbot (SPEC: a link to the home page, pricing and contact buttons)',
  back: "pages read on their own: legal pages, FAQ (SPEC: one button back to the language's home page)",
  home: 'the not-found pages, whose own button leads home: usually an empty list, so the bar shows the brand and the language switcher only',
} as const;

export const HeaderVariant = z.enum(Object.keys(HEADER_VARIANTS) as [keyof typeof HEADER_VARIANTS, ...(keyof typeof HEADER_VARIANTS)[]]).describe(
  `The navigation bar of the page: the list header.menus.<variant> of the locale file. ${Object.entries(HEADER_VARIANTS)
    .map(([name, what]) => `${name}: ${what}`)
    .join('. ')}.`,
);
export type HeaderVariant = z.infer<typeof HeaderVariant>;

/** One entry of a header menu: a link, drawn as a text link or a button, on every screen or only some. */
export const HeaderItem = z.strictObject({
  label: Text.describe('The link text, e.g. "Preise".'),
  href: Href.describe(
    'Where it leads: an anchor on the page (#pricing), a page of this site (/chatbot, /#pricing) or an https:, mailto: or tel: URL. site check fails a target that does not exist.',
  ),
  style: z
    .enum(['link', 'primary', 'secondary', 'back'])
    .default('link')
    .describe(
      'How it looks: link (plain text, default), primary (filled button, e.g. "Jetzt starten"), secondary (outlined button) or back (outlined button with a leading arrow, the back button of legal pages).',
    ),
  show: z
    .enum(['always', 'desktop', 'mobile'])
    .default('always')
    .describe(
      'On which screens it shows: always (default), desktop (from 768 px wide) or mobile (narrower only). Phones have room for about three short links.',
    ),
});
export type HeaderItem = z.infer<typeof HeaderItem>;

export const HeaderMenus = z
  .strictObject(
    Object.fromEntries(
      Object.entries(HEADER_VARIANTS).map(([name, what]) => [
        name,
        z.array(HeaderItem).optional().describe(`The bar of pages with header: ${name}, ${what}. Left to right.`),
      ]),
    ) as Record<HeaderVariant, z.ZodOptional<z.ZodArray<typeof HeaderItem>>>,
  )
  .describe(
    'The navigation bar per header variant (a page picks one with header:). A variant no page of this language uses may be left out; site check fails a page whose variant has no list here.',
  );
export type HeaderMenus = z.infer<typeof HeaderMenus>;

/** A footer entry: a plain string (an industry, a fact) or a link. */
export const FooterItem = z.union([
  Text.describe('A plain entry that is not a link, e.g. "Kanzleien".'),
  z.strictObject({
    label: Text.describe('The link text, e.g. "Impressum".'),
    href: Href.describe(
      'Where it leads, e.g. /impressum, /#pricing or https://…; site check fails a target that does not exist. A link to a page not published yet is left out.',
    ),
  }),
]);
export type FooterItem = z.infer<typeof FooterItem>;

export const FooterColumn = z.strictObject({
  title: Text.describe('The column heading, e.g. "Rechtliches".'),
  items: z.array(FooterItem).min(1).describe('The entries top to bottom: plain strings, or { label, href } links.'),
  pages: z
    .array(HeaderVariant)
    .min(1)
    .optional()
    .describe('Which pages show the column, named by their header variant (header:), e.g. [education] for a column of school audiences; left out, every page.'),
});
export type FooterColumn = z.infer<typeof FooterColumn>;
