import { expect, test } from '@playwright/test';
import { acceptCookies, asRead, euro, localeFile, pageAt, sectionTitles, site, siteModel } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const robots = 'meta[name="robots"]';

test('the sales guide is noindex; the public pages are not', async ({ page }) => {
  await page.goto('/leitfaden');
  await expect(page.locator(robots)).toHaveAttribute('content', /noindex/);
  for (const route of ['/', '/chatbot', '/faq', '/impressum', '/agb', '/datenschutz']) {
    await page.goto(route);
    await expect(page.locator(robots), route).toHaveCount(0);
  }
});

test('ten sections in SPEC §2 order, with the four anchors', async ({ page }) => {
  await page.goto('/leitfaden');
  // SPEC §2's sections (problem, solution, benefits, privacy, prices, upselling, target groups, objections,
  // technical workings, contact and support) by their anchors where SPEC names one; titles as content has them.
  const { sections } = (await pageAt('/leitfaden')).page;
  const titled = sections.filter((s): s is typeof s & { title: string } => typeof (s as { title?: unknown }).title === 'string');
  expect(titled.length).toBeGreaterThanOrEqual(10);
  expect((await sectionTitles(page)).map(asRead)).toEqual(expect.arrayContaining(titled.map((s) => asRead(s.title))));
  const ids = sections.map((s) => (s as { id?: string }).id);
  const order = ['problem', 'loesung', 'preise', 'zielgruppen'].map((anchor) => ids.indexOf(anchor));
  expect(
    order.every((i) => i >= 0),
    JSON.stringify(ids),
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  for (const anchor of ['problem', 'loesung', 'preise', 'zielgruppen']) {
    const section = titled.find((s) => (s as { id?: string }).id === anchor)!;
    await expect(page.locator(`#${anchor}`).getByRole('heading', { level: 2 })).toHaveText(asRead(section.title));
  }
  // The guide's own table of contents links to each anchor.
  await page.locator('main a[href="#zielgruppen"]').first().click();
  await expect(page).toHaveURL(/#zielgruppen$/);
  await expect(page.locator('#zielgruppen')).toBeInViewport();
});

test('the savings arithmetic: 44,98 € and 66,97 €, 53 %, up to 75 %, 68 % for Plus', async ({ page }) => {
  await page.goto('/leitfaden');
  const { savings, comparison, plans } = site.constants;
  const total = (key: string) => Math.round(savings[key]!.against.reduce((sum, s) => sum + comparison[s]!.price, 0) * 100) / 100;
  expect(total('vsTwo')).toBe(44.98);
  expect(total('vsThree')).toBe(66.97);
  const block = (claim: string) => page.locator('section').filter({ has: page.locator(`[data-claim="${claim}"]`) });
  await expect(block('vsTwo').locator('[data-total]')).toHaveText(euro(44.98));
  await expect(block('vsTwo').locator('[data-claim]')).toHaveText('53 %');
  await expect(block('vsTwo')).toContainText(euro(plans.plus!.price));
  await expect(block('vsThree').locator('[data-total]')).toHaveText(euro(66.97));
  await expect(block('vsThree').locator('[data-claim]')).toHaveText('75 %');
  // The result line says "up to" (the locale's plans.upTo) where the claim is one (constants.savings.vsThree.upTo), in front of the figure.
  const { upTo } = localeFile('de').plans;
  const result = (claim: string) => block(claim).locator('p', { has: page.locator('[data-claim]') });
  await expect(result('vsThree')).toHaveText(new RegExp(`^${upTo}\\s75\\s%`));
  await expect(result('vsTwo')).toHaveText(/^53\s%/);
  await expect(block('vsThree')).toContainText(euro(plans.standard!.price));
  await expect(block('plusVsThree').locator('[data-total]')).toHaveText(euro(66.97));
  await expect(block('plusVsThree').locator('[data-claim]')).toHaveText('68 %');
  await expect(block('plusVsThree')).toContainText('Plus');
});

test('the Plus plan carries the badge "Empfohlen"', async ({ page }) => {
  await page.goto('/leitfaden');
  const plus = page.locator('#preise li').filter({ has: page.getByRole('heading', { name: 'Plus', exact: true }) });
  // The badge comes from the offer data (site.yaml offer.plans.plus.badge), labelled in German.
  const model = await siteModel();
  expect(model.site.offer?.plans.plus?.badge, 'SPEC §9: Plus is marked recommended').toBe('recommended');
  await expect(plus.locator('[data-badge]')).toHaveText(model.locales.de!.offer!.badges.recommended);
});

test('the one-month trial wording', async ({ page }) => {
  await page.goto('/leitfaden');
  // SPEC §9: one month at the annual plan's price (its wording is content's): the price is the Smart plan's.
  await expect(page.locator('#preise')).toContainText(euro(site.constants.plans.smart!.price));
});

test('the guide opens like its sections at 768 and 1280 px: heading centred as theirs are, its contents a row of pill links (review 7a #14)', async ({
  page,
}) => {
  await page.goto('/leitfaden');
  const failures: string[] = [];
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const found = await page.evaluate(() => {
      const centre = (el: Element | null) => {
        if (!el) return NaN;
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return r.left + r.width / 2;
      };
      const h1 = centre(document.querySelector('main h1'));
      const h2 = centre(document.querySelector('main #problem h2'));
      const links = [...document.querySelectorAll('main [data-page-intro] li a')];
      const rows = new Set(links.map((a) => Math.round(a.getBoundingClientRect().top)));
      const out: string[] = [];
      if (!(Math.abs(h1 - h2) <= 2)) out.push(`the heading's centre at ${Math.round(h1)}px, the first section's at ${Math.round(h2)}px`);
      if (links.length < 4) out.push(`${links.length} contents links`);
      if (links.some((a) => parseFloat(getComputedStyle(a).borderTopLeftRadius) < 16)) out.push('contents links are not pills');
      if (rows.size > 1) out.push(`contents links in ${rows.size} rows`);
      return out;
    });
    for (const f of found) failures.push(`${width}px: ${f}`);
  }
  expect(failures).toEqual([]);
});
