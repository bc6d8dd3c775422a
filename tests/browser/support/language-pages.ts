/**
 * The language checks of a business or education page (issue 4), run in the page tests/browser/every-route.spec.ts
 * already loaded for the route on a first visit (a page of their own cost a renderer and a load per route):
 * it renders in its language with its locale's labels, every in-page link has its target, and it carries
 * JSON-LD and reciprocal hreflang alternates. tests/browser/languages.spec.ts holds the rest of issue 4.
 */
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { headerLabels, localeFile, readAs } from './site-content.ts';

/** The site's address as the build writes it into canonical and hreflang links. */
export const BASE = 'https://www.ki-zentrale.de';

export interface LanguageRoute {
  route: string;
  lang: string;
  kind: 'business' | 'education';
}

/** The French, English and Spanish business pages and the four education pages (issue 4), plus the German home for comparison. */
export const LANGUAGE_ROUTES: LanguageRoute[] = [
  { route: '/', lang: 'de', kind: 'business' },
  { route: '/fr', lang: 'fr', kind: 'business' },
  { route: '/en', lang: 'en', kind: 'business' },
  { route: '/es', lang: 'es', kind: 'business' },
  { route: '/education', lang: 'de', kind: 'education' },
  { route: '/fr/education', lang: 'fr', kind: 'education' },
  { route: '/en/education', lang: 'en', kind: 'education' },
  { route: '/es/education', lang: 'es', kind: 'education' },
];

/** The footer's legal labels SPEC §2 lists (German, English, French); Spanish ones are read from content. */
const SPEC_LEGAL: Record<string, string[]> = {
  de: ['Impressum', 'AGB', 'Datenschutz', 'Q&A'],
  en: ['Legal Notice', 'Terms', 'Privacy Policy', 'FAQ'],
  fr: ['Mentions légales', 'CGV', 'Protection des données', 'FAQ'],
};

/** Header labels SPEC §2 quotes, per route: the content must say exactly these. */
const SPEC_HEADER: Record<string, Partial<Record<'start' | 'contact' | 'learningModes', string>>> = {
  '/': { start: 'Jetzt starten' },
  '/fr': { start: 'Commencer' },
  '/education': { start: 'Jetzt starten', learningModes: 'Lernmodi' },
  '/fr/education': { start: 'Commencer', contact: 'Contact', learningModes: "Modes d'apprentissage" },
  '/en/education': { start: 'Get Started', contact: 'Contact', learningModes: 'Learning Modes' },
};

/** Common German function words: none may appear in the visible text of a French, English or Spanish page. */
const GERMAN = /\b(und|der|die|das|für|Sie|Ihre|Ihr|nicht|mit|oder|werden|zum|zur|auf|ist|Jetzt|Kontakt|Preise|Datenschutz)\b/;

/** A canonical or hreflang address of the site as the path the test server answers. */
export function localPath(url: string): string {
  expect(url.startsWith(BASE)).toBe(true);
  return url.slice(BASE.length) || '/';
}

/** Checks `page`, loaded at `c.route` (its answer `response`) and not yet touched. */
export async function checkLanguagePage(page: Page, request: APIRequestContext, c: LanguageRoute, response: Response | null): Promise<void> {
  await test.step('renders in its language with the header and footer labels of its locale', async () => {
    const labels = await headerLabels(c.route);
    const spec = SPEC_HEADER[c.route] ?? {};
    // A straight apostrophe SPEC quotes may be set as ’ (typography, issue #35 item 4); every letter else is SPEC's.
    const asQuoted = (label: string) => label.replace(/’/g, "'");
    expect(Object.fromEntries(Object.keys(spec).map((role) => [role, asQuoted(labels[role as keyof typeof spec])]))).toEqual(spec);
    const nav = c.kind === 'business' ? [labels.products, labels.pricing, labels.about, labels.contact] : [labels.learningModes, labels.contact];
    const footerLinks = localeFile(c.lang)
      .footer.columns.flatMap((column) => column.items)
      .flatMap((item) => (typeof item === 'string' ? [] : [item]));
    const legalText = ['/impressum', '/agb', '/datenschutz', '/faq'].map((href) => footerLinks.find((item) => item.href === href)!.label);
    if (SPEC_LEGAL[c.lang]) expect(legalText).toEqual(SPEC_LEGAL[c.lang]);

    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    await expect(page.locator('header nav a')).toHaveText([...nav, labels.start].map(readAs));
    await expect(page.locator('header nav a', { hasText: readAs(labels.start) })).toHaveAttribute('href', '#contact');
    if (c.kind === 'education') {
      await expect(page.locator('header nav a[href="#about"]')).toHaveCount(0);
      await expect(page.locator('header nav a[href="#learning-modes"]')).toHaveText(readAs(labels.learningModes));
    }
    const legal = page.locator('footer a[href="/impressum"], footer a[href="/agb"], footer a[href="/datenschutz"], footer a[href="/faq"]');
    // Those pages are German only: outside German each link says so, with the locale's marker (its name; the eye reads
    // a drawn language tag, layout-chrome.spec.ts) and hreflang.
    const marker = c.lang === 'de' ? '' : ` ${localeFile(c.lang).crossLanguage?.de ?? ''}`;
    await expect(legal).toHaveCount(legalText.length);
    for (const [i, text] of legalText.entries()) await expect(legal.nth(i)).toHaveAccessibleName(readAs(`${text}${marker}`));
    if (c.lang !== 'de') for (const link of await legal.all()) await expect(link).toHaveAttribute('hreflang', 'de');
    await expect(page.locator('h1')).toHaveCount(1);
    if (c.lang !== 'de') {
      const text = await page.locator('body').innerText();
      expect(text.match(GERMAN)?.[0], 'German word on a translated page').toBeUndefined();
    }
  });

  await test.step('every in-page link has its target', async () => {
    const missing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((a) => a.hash && a.pathname.replace(/\/$/, '') === location.pathname.replace(/\/$/, ''))
        .map((a) => a.hash.slice(1))
        .filter((id) => !document.getElementById(id)),
    );
    expect(missing).toEqual([]);
  });

  await test.step('carries JSON-LD with the right price and reciprocal hreflang alternates', async () => {
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(data.offers.priceCurrency).toBe('EUR');
    expect(data.offers.price).toBe(c.kind === 'business' ? '17' : '0');
    expect(data['@type']).toBe(c.kind === 'business' ? 'SoftwareApplication' : 'WebApplication');
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('hreflang')} ${el.getAttribute('href')}`));
    expect(alternates.map((a) => a.split(' ')[0]).sort()).toEqual(['de', 'en', 'es', 'fr', 'x-default']);
    expect(alternates).toContain(`${c.lang} ${BASE}${c.route}`);
    for (const alternate of alternates) {
      const [lang, href] = alternate.split(' ') as [string, string];
      const html = await (await request.get(localPath(href))).text();
      if (lang !== 'x-default') expect(html).toContain(`<html lang="${lang}">`);
      expect(html, `${href} links back to ${c.route}`).toContain(`<link rel="alternate" hreflang="${c.lang}" href="${BASE}${c.route}">`);
    }
  });
}
