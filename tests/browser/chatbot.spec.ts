import { readdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Section } from '../../src/schema/sections/index.ts';
import type { ProductMock } from '../../src/schema/sections/mock.ts';
import { acceptCookies, asRead, euro, headerLabels, pageAt, sectionTitles, site, siteModel } from './support/site-content.ts';

const { chatbot } = site.constants;
/** The copy comes from the page as loaded from content/pages/chatbot/de.yaml: only SPEC's quoted strings are typed here. */
const sections = async () => (await pageAt('/chatbot')).page.sections;
async function sectionOf<T extends Section['type']>(type: T): Promise<Extract<Section, { type: T }>> {
  const found = (await sections()).find((s): s is Extract<Section, { type: T }> => s.type === type);
  if (!found) throw new Error(`no ${type} section on /chatbot`);
  return found;
}
const header = () => headerLabels('/chatbot');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A typed space may render as a no-break space (the locale binds a number to its unit: "12 Monate").
const spaced = (text: string) => escape(text).replace(/ /g, '\\s');

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('the eleven sections appear in the order of SPEC §2', async ({ page }) => {
  await page.goto('/chatbot');
  const content = await sections();
  // SPEC §2: hero, three chatbot types, pricing, extras, included, management, dashboard preview, technical features, FAQ, contact, footnotes.
  expect(content.map((s) => s.type)).toEqual([
    'hero',
    'features',
    'chatbotPricing',
    'services',
    'features',
    'features',
    'preview',
    'features',
    'faq',
    'contact',
    'claimNotes',
  ]);
  const titles = content.map((s) => asRead(s.type === 'hero' ? `${s.title} ${s.highlight ?? ''}` : (s as { title: string }).title));
  expect((await sectionTitles(page)).map(asRead)).toEqual(titles);
  await expect(page.locator('main > section').nth(2)).toHaveAttribute('id', 'pricing');
  await expect(page.locator('main > section').nth(9)).toHaveAttribute('id', 'contact');
  // The footnotes: one per registered claim the page shows (site.yaml claimRegister), numbered 1, 2, … in order.
  const notes = page.locator('#quellen ol > li[data-claim-note]');
  await expect(notes).toHaveCount(7);
  expect(await notes.evaluateAll((items) => items.map((li) => li.getAttribute('value')))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
});

test('the price table shows every figure of SPEC §9 by commitment', async ({ page }) => {
  await page.goto('/chatbot');
  const pricingSection = await sectionOf('chatbotPricing');
  const table = page.getByRole('table', { name: pricingSection.caption });
  const { commitments } = pricingSection;
  await expect(table.getByRole('columnheader')).toHaveText([
    pricingSection.tierHeading,
    ...[commitments.months12, commitments.months6, commitments.months1].map((label) => new RegExp(`^${spaced(label)}`)),
  ]);
  const [standard, intake] = pricingSection.tiers;
  const rows = [
    [standard!.name, chatbot.standard],
    [intake!.name, chatbot.intake],
    [pricingSection.setup.name, chatbot.setup],
  ] as const;
  for (const [name, prices] of rows) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(name)}`) }) });
    await expect(row.getByRole('cell')).toHaveText([euro(prices.months12), euro(prices.months6), euro(prices.months1)].map((p) => new RegExp(`^${p}`)));
  }
  // The figures themselves, as SPEC §9 states them.
  expect([chatbot.standard.months12, chatbot.standard.months6, chatbot.standard.months1]).toEqual([89, 99, 119]);
  expect([chatbot.intake.months12, chatbot.intake.months6, chatbot.intake.months1]).toEqual([139, 149, 169]);
  expect([chatbot.setup.months12, chatbot.setup.months6, chatbot.setup.months1]).toEqual([74, 109, 149]);

  // The packages outside the table (SPEC §9: Small Solution, Enterprise), each card as its content has it.
  const pricing = page.locator('#pricing');
  expect(pricingSection.packages.map((p) => p.name)).toEqual(['Small Solution', 'Enterprise']);
  for (const pack of pricingSection.packages) {
    const card = pricing
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: pack.name }) })
      .first();
    for (const text of [pack.price, pack.priceNote ?? '', ...pack.features]) await expect(card).toContainText(text);
  }
  // Its figures follow the constants: the Small Solution card prints each one of them.
  const small = asRead(
    (await pricing
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Small Solution' }) })
      .first()
      .textContent()) ?? '',
  );
  for (const figure of [
    euro(chatbot.smallSolution.price),
    euro(chatbot.smallSolution.setup),
    String(chatbot.smallSolution.staff),
    String(chatbot.smallSolution.chats),
  ])
    expect(small).toContain(asRead(figure));
  const booking = (await sectionOf('services')).cards.find((card) => asRead(card.price ?? '').includes(asRead(euro(chatbot.booking))));
  expect(booking, 'an extras card priced at the booking constant').toBeDefined();
  await expect(page.locator('#extras')).toContainText(booking!.price!);
});

test('on a phone the price table becomes one card per row with all three commitments', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/chatbot');
  await expect(page.getByRole('table')).toBeHidden();
  const cards = page.getByRole('list', { name: (await sectionOf('chatbotPricing')).caption }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const tiers = [chatbot.standard, chatbot.intake, chatbot.setup];
  for (const [i, prices] of tiers.entries()) {
    await expect(cards.nth(i).locator('dd')).toHaveText([euro(prices.months12), euro(prices.months6), euro(prices.months1)]);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test('the SPEC §9 claims are on the page', async ({ page }) => {
  await page.goto('/chatbot');
  const main = page.locator('main');
  // The renderer keeps a figure range on one line with an invisible word joiner after its dash (U+2060);
  // read the text as a visitor sees it, without it, with white space normalised as toContainText does.
  const visible = asRead((await main.textContent()) ?? '');
  // Every claim figure, from the constants, in German format.
  const { uptimePercent, responseSeconds, languages, moreLeadsPercent, conversionIncrease, fewerTicketsPercent, fasterAnswers } = (await siteModel()).site
    .constants.chatbot;
  for (const figure of [
    `${String(uptimePercent).replace('.', ',')} %`,
    `${responseSeconds} `,
    `${languages} `,
    `${moreLeadsPercent} %`,
    conversionIncrease,
    `${fewerTicketsPercent} %`,
    fasterAnswers,
  ]) {
    expect(visible).toContain(asRead(String(figure)));
  }
  // The hero's claim cards as a visitor reads them: the figure (with its "up to") above what it measures.
  const hero = await sectionOf('hero');
  expect(hero.stats?.length).toBe(4);
  for (const stat of hero.stats ?? []) {
    const card = page.locator('main dl > div', { has: page.locator('dt', { hasText: asRead(stat.label) }) });
    expect(asRead((await card.locator('dd').textContent()) ?? '')).toBe(asRead(stat.value));
  }
});

test('desktop header: link to / plus pricing and contact buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/chatbot');
  const labels = await header();
  const nav = page.getByRole('navigation', { name: labels.navLabel });
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen für Unternehmen' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: labels.pricing })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kontakt' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen', exact: true })).toBeHidden();
  await nav.getByRole('link', { name: labels.pricing }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(page.locator('#pricing')).toBeInViewport();
  await nav.getByRole('link', { name: 'Weitere KI Lösungen für Unternehmen' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('mobile header: only the short link to /', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chatbot');
  const nav = page.getByRole('navigation', { name: (await header()).navLabel });
  const visible = await nav
    .getByRole('link')
    .evaluateAll((links) => links.filter((l) => (l as HTMLElement).offsetParent !== null).map((l) => l.textContent?.trim()));
  expect(visible).toEqual(['Weitere KI Lösungen']);
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen', exact: true })).toHaveAttribute('href', '/');
});

test('the first visible button scrolls to contact; action buttons without a page of their own do too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/chatbot');
  const first = page.locator('main a[class*="rounded-control"]').first(); // links drawn as buttons (ui.tsx buttonClass)
  const content = await sections();
  const hero = await sectionOf('hero');
  await expect(first).toHaveText(hero.actions![0]!.label);
  await first.click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
  // Every action of the pricing and its packages (SPEC's order, buy and embed, consultation and quote buttons, all
  // labelled as the one contact action: content/STYLE.md) and the extras' 'Mehr erfahren' (SPEC §1: cards without
  // a link scroll to contact).
  const pricing = await sectionOf('chatbotPricing');
  const labels = [...(pricing.actions ?? []), ...pricing.packages.flatMap((p) => (p.action ? [p.action] : []))].map((a) => a.label);
  expect(labels.length).toBeGreaterThanOrEqual(3);
  expect(content.some((s) => s.type === 'services')).toBe(true);
  for (const label of [...new Set(labels)].concat('Mehr erfahren')) {
    const hrefs = await page
      .locator('main')
      .getByRole('link', { name: label })
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs.length, label).toBeGreaterThan(0);
    expect(new Set(hrefs), label).toEqual(new Set(['#contact']));
  }
});

test('the contact section carries the anchor, its heading and the service address', async ({ page }) => {
  await page.goto('/chatbot#contact');
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { level: 2 })).toHaveText((await sectionOf('contact')).title);
  await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
});

// The product drawings (#36 item 3), on every language's chatbot page: German at the root, the others under /<code>.
const CHATBOT_ROUTES = readdirSync('content/pages/chatbot')
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''))
  .map((code) => (code === 'de' ? '/chatbot' : `/${code}/chatbot`));
/** Text as read, without the soft hyphens the build may set in long words. */
const plain = (text: string | null) => asRead((text ?? '').replaceAll('\u00ad', ''));

async function drawingOf<K extends ProductMock['kind']>(route: string, type: 'hero' | 'preview', kind: K): Promise<Extract<ProductMock, { kind: K }>> {
  const found = (await pageAt(route)).page.sections.find((s) => s.type === type);
  const mock = found && 'mock' in found ? found.mock : undefined;
  if (mock?.kind !== kind) throw new Error(`the ${type} of ${route} draws no ${kind}`);
  return mock as Extract<ProductMock, { kind: K }>;
}

/** The drawing a screen reader knows only by its text alternative: a figure named by `alt`, its picture aria-hidden. */
async function expectDrawing(page: Page, alt: string): Promise<Locator> {
  const figure = page.getByRole('figure', { name: asRead(alt) });
  await expect(figure).toBeVisible();
  const drawing = figure.locator(':scope > [aria-hidden="true"]');
  await expect(drawing).toBeVisible();
  // Nothing inside reaches the accessibility tree: no list, heading or button of the drawing is exposed.
  await expect(figure.getByRole('listitem')).toHaveCount(0);
  await expect(figure.getByRole('heading')).toHaveCount(0);
  await expect(figure.getByRole('button')).toHaveCount(0);
  return drawing;
}

for (const route of CHATBOT_ROUTES) {
  test(`${route}: the hero shows the website chat widget beside its text on wide screens`, async ({ page }) => {
    const mock = await drawingOf(route, 'hero', 'chatWidget');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route);
    const hero = page.locator('main > section').first();
    const drawing = await expectDrawing(page, mock.alt);
    await expect(hero.getByRole('figure')).toHaveCount(1);
    const text = plain(await drawing.textContent());
    for (const part of [mock.botName, mock.status, ...mock.messages.map((m) => m.text), mock.booking.title, ...mock.booking.slots, mock.booking.confirm])
      expect(text).toContain(plain(part));
    // Split: the drawing to the right of the heading, both on the first screen.
    const heading = await hero.getByRole('heading', { level: 1 }).boundingBox();
    const figure = await hero.getByRole('figure').boundingBox();
    if (!heading || !figure) throw new Error('hero heading or drawing not laid out');
    expect(figure.x).toBeGreaterThanOrEqual(heading.x + heading.width);
    expect(figure.y).toBeLessThan(800);
  });

  test(`${route}: on a phone the hero stacks, with the drawing's first part on the first screen`, async ({ page }) => {
    const mock = await drawingOf(route, 'hero', 'chatWidget');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(route);
    await expectDrawing(page, mock.alt);
    const hero = page.locator('main > section').first();
    const heading = await hero.getByRole('heading', { level: 1 }).boundingBox();
    const figure = await hero.getByRole('figure').boundingBox();
    if (!heading || !figure) throw new Error('hero heading or drawing not laid out');
    expect(figure.y).toBeGreaterThan(heading.y + heading.height);
    // Its first part (the browser bar and the widget's header) starts on the first screen.
    expect(figure.y + 96).toBeLessThanOrEqual(844);
    expect(figure.width).toBeLessThanOrEqual(390);
  });

  test(`${route}: the dashboard preview is drawn as a dashboard: figures, a chart, conversations, leads and a booking`, async ({ page }) => {
    const mock = await drawingOf(route, 'preview', 'dashboard');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      const drawing = await expectDrawing(page, mock.alt);
      await drawing.scrollIntoViewIfNeeded();
      const visible = async (text: string) =>
        expect(drawing.getByText(plain(text), { exact: true }).filter({ visible: true }).first(), `${text} at ${width} px`).toBeVisible();
      // Phones show the first two key figures and the first two rows of each list; wide screens all of them.
      const shown = <T>(items: readonly T[]) => (width < 640 ? items.slice(0, 2) : items);
      for (const stat of shown(mock.stats)) {
        await visible(stat.label);
        await visible(stat.value);
      }
      await visible(mock.chart.title);
      await expect(drawing.locator('svg[data-chart] rect')).toHaveCount(mock.chart.values.length);
      for (const label of mock.chart.labels) await visible(label);
      for (const list of [mock.conversations, mock.leads]) {
        await visible(list.title);
        for (const row of shown(list.items)) await visible(row.name);
      }
      for (const part of [mock.booking.title, mock.booking.time, mock.booking.name, mock.booking.status]) await visible(part);
      if (width >= 1024) for (const item of mock.nav) await visible(item);
      // The drawing fits its screen: nothing of it runs past the right edge.
      const box = await drawing.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
    }
  });

  test(`${route}: the drawings need no JavaScript`, async ({ page, browser, baseURL }) => {
    const hero = await drawingOf(route, 'hero', 'chatWidget');
    const dashboard = await drawingOf(route, 'preview', 'dashboard');
    // With scripts on: looking at both drawings requests no script but the page's 1.5 KB island loader.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route);
    for (const mock of [hero, dashboard]) await (await expectDrawing(page, mock.alt)).scrollIntoViewIfNeeded();
    // The loader and the modules it imports up front (the islands themselves load on interaction or in view).
    const loader = (await page.locator('script[data-islands]').getAttribute('data-islands')) ?? '';
    const source = await (await page.request.get(loader)).text();
    const upFront = [...source.matchAll(/import\s*"\.\/([^"]+)"/g)].map((m) => new URL(m[1] ?? '', new URL(loader, baseURL)).pathname);
    expect(new Set(scripts)).toEqual(new Set([loader, ...upFront]));
    // With scripts off: both drawings are there, whole.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const noScript = await context.newPage();
      await noScript.goto(`${baseURL}${route}`);
      for (const mock of [hero, dashboard]) {
        const drawing = await expectDrawing(noScript, mock.alt);
        await expect(drawing.locator('script')).toHaveCount(0);
      }
      const drawn = noScript.getByRole('figure', { name: asRead(dashboard.alt) });
      for (const part of [dashboard.booking.name, dashboard.leads.title, dashboard.conversations.title, dashboard.chart.title])
        await expect(drawn).toContainText(plain(part));
    } finally {
      await context.close();
    }
  });
}
