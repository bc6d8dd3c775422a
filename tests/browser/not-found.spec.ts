import { expect, test } from '@playwright/test';
import { acceptCookies, asRead, pageAt, site, siteModel } from './support/site-content.ts';

/** The not-found section of a language as its content file has it ('404' and its title are SPEC's). */
async function notFound(route: string) {
  const section = (await pageAt(route)).page.sections.find((s) => s.type === 'notFound');
  if (section?.type !== 'notFound') throw new Error(`no notFound section at ${route}`);
  return section;
}

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

/** Unknown paths, the language whose page each gets, and that language's home. */
const CASES = [
  { path: '/gibt-es-nicht', lang: 'de', page: '/404', home: '/' },
  { path: '/chatbot/preise/alt', lang: 'de', page: '/404', home: '/' },
  { path: '/fr/nope', lang: 'fr', page: '/fr/404', home: '/fr' },
  { path: '/fr/education/vieux/lien', lang: 'fr', page: '/fr/404', home: '/fr' },
  { path: '/en/missing', lang: 'en', page: '/en/404', home: '/en' },
  { path: '/es/no-existe/', lang: 'es', page: '/es/404', home: '/es' },
];

for (const { path, lang, page: route, home } of CASES) {
  test(`unknown path ${path}: status 404, the ${lang} not-found page, the path shown and in the console`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('[data-status-code]')).toHaveText('404');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Oops! Page not found');
    // The spec's English title on another language's page is marked as English, so screen readers pronounce it so.
    if (lang !== 'en') await expect(title).toHaveAttribute('lang', 'en');
    const section = await notFound(route);
    // SPEC §2: the attempted path is logged; the words before it are the page's logMessage. It is shown, too.
    await expect.poll(() => messages).toContain(`${section.logMessage} ${path}`);
    const shown = page.locator('[data-attempted-path]');
    await expect(shown).toBeVisible();
    expect(asRead(await shown.innerText())).toBe(asRead(`${section.pathLabel} ${path}`));

    // One button home: in the whole page, the only link to the language's home labelled as the action.
    const homeLinks = page.getByRole('link', { name: section.action.label, exact: true });
    await expect(homeLinks).toHaveCount(1);
    await expect(homeLinks).toHaveAttribute('href', home);
    await expect(page.locator('header [data-back]')).toHaveCount(0);

    // Links onward to the main sections of the page's language, each a page that exists.
    const onward = page.locator('[data-onward-links] a');
    const hrefs = await onward.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).toEqual(section.links!.items.map((item) => item.href));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    for (const href of hrefs) {
      if (lang !== 'de') expect(href.startsWith(`/${lang}`), `${href} is a ${lang} page`).toBe(true);
      const target = await page.request.get(href.split('#')[0]!);
      expect(target.status(), href).toBe(200);
    }
  });
}

test('each language has its own not-found page, in its language', async () => {
  const model = await siteModel();
  const pages = model.pages.filter((p) => p.page.slug === '404');
  expect(pages.map((p) => p.locale).sort()).toEqual(model.site.locales.map((l) => l.code).sort());
  // Native copy, not one page four times: every visitor string but SPEC's differs between languages.
  const texts = await Promise.all(pages.map(async (p) => (await notFound(p.route)).text));
  expect(new Set(texts).size).toBe(pages.length);
});

test('the not-found page links back to its language home', async ({ page }) => {
  await page.goto('/fr/pas-ici');
  const home = page.locator('main').getByRole('link', { name: (await notFound('/fr/404')).action.label });
  await home.click();
  await expect(page).toHaveURL(/\/fr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Page not found');
});

test('dist/404.html and dist/fr/404.html themselves are the pages', async ({ request }) => {
  for (const file of ['/404.html', '/fr/404.html', '/en/404.html', '/es/404.html']) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(await response.text()).toContain('Oops! Page not found');
  }
});

test('every not-found page has a card to its language’s contact form; the German one names the service address', async ({ page }) => {
  for (const [path, home] of [
    ['/gibt-es-nicht', '/'],
    ['/fr/nope', '/fr'],
    ['/en/missing', '/en'],
    ['/es/no-existe', '/es'],
  ] as const) {
    await page.goto(path);
    const card = page.locator(`[data-onward-links] a[href="${home}#contact"]`);
    await expect(card, path).toHaveCount(1);
    await expect(card, path).toBeVisible();
  }
  await page.goto('/gibt-es-nicht');
  expect(asRead(await page.locator('[data-onward-links] a[href="/#contact"]').innerText())).toContain(site.email);
});
