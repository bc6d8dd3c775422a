import { expect, test } from '@playwright/test';
import { acceptCookies, euro, sectionTitles, site } from './support/site-content.ts';

const { chatbot } = site.constants;

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('the eleven sections appear in the order of SPEC §2', async ({ page }) => {
  await page.goto('/chatbot');
  expect(await sectionTitles(page)).toEqual([
    'Ihr eigener KI-Chatbot. Rund um die Uhr für Ihre Kunden da.',
    'Der passende Chatbot für jede Aufgabe',
    'Klare Preise nach Laufzeit',
    'Erweiterungen für Ihren Chatbot',
    'Das ist in jedem Chatbot enthalten',
    'Selbst verwalten oder verwalten lassen',
    'Alles im Blick in Ihrem Chatbot-Dashboard',
    'Technische Merkmale',
    'Häufige Fragen zu unseren Chatbots',
    'Lassen Sie uns über Ihren Chatbot sprechen',
    'Fußnoten und Quellen',
  ]);
  await expect(page.locator('main > section').nth(2)).toHaveAttribute('id', 'pricing');
  await expect(page.locator('main > section').nth(9)).toHaveAttribute('id', 'contact');
  // The dashboard preview draws the chat widget a website visitor sees (HTML/CSS, no image), with its booking step.
  const widget = page.getByRole('figure', { name: /Chatbot auf der Website/ });
  await expect(widget).toBeVisible();
  await expect(widget.locator('[aria-hidden="true"]')).toContainText('Termin verbindlich buchen');
  await expect(page.locator('#quellen ol > li')).toHaveCount(3);
});

test('the price table shows every figure of SPEC §9 by commitment', async ({ page }) => {
  await page.goto('/chatbot');
  const table = page.getByRole('table', { name: 'Monatspreise der Chatbots und einmalige Einrichtungsgebühr nach Vertragslaufzeit' });
  await expect(table.getByRole('columnheader')).toHaveText(['Chatbot', /^12 Monate/, /^6 Monate/, /^1 Monat/]);
  const rows = [
    ['Standard-Chatbot', chatbot.standard],
    ['Mandantenaufnahme-Bot', chatbot.intake],
    ['Einrichtung (einmalig)', chatbot.setup],
  ] as const;
  for (const [name, prices] of rows) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }) });
    await expect(row.getByRole('cell')).toHaveText([euro(prices.months12), euro(prices.months6), euro(prices.months1)].map((p) => new RegExp(`^${p}`)));
  }
  // The figures themselves, as SPEC §9 states them.
  expect([chatbot.standard.months12, chatbot.standard.months6, chatbot.standard.months1]).toEqual([89, 99, 119]);
  expect([chatbot.intake.months12, chatbot.intake.months6, chatbot.intake.months1]).toEqual([139, 149, 169]);
  expect([chatbot.setup.months12, chatbot.setup.months6, chatbot.setup.months1]).toEqual([74, 109, 149]);

  const pricing = page.locator('#pricing');
  const small = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Small Solution' }) }).first();
  await expect(small).toContainText(`${euro(chatbot.smallSolution.price)} / Monat`);
  await expect(small).toContainText(`${euro(chatbot.smallSolution.setup)} einmalige Einrichtung`);
  await expect(small).toContainText(`Bis zu ${chatbot.smallSolution.staff} Mitarbeiter`);
  await expect(small).toContainText(`Maximal ${chatbot.smallSolution.chats} Chats pro Monat`);
  const enterprise = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Enterprise' }) }).first();
  await expect(enterprise).toContainText('Auf Anfrage');
  for (const feature of ['Mehrere Chatbots', 'API-Zugang', 'White Label', 'Persönlicher Ansprechpartner']) await expect(enterprise).toContainText(feature);
  await expect(page.locator('#extras')).toContainText(`${euro(chatbot.booking)} pro Monat · im Standard-Chatbot enthalten`);
});

test('on a phone the price table becomes one card per row with all three commitments', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/chatbot');
  await expect(page.getByRole('table')).toBeHidden();
  const cards = page.getByRole('list', { name: 'Monatspreise der Chatbots und einmalige Einrichtungsgebühr nach Vertragslaufzeit' }).getByRole('listitem');
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
  const visible = ((await main.textContent()) ?? '').replaceAll('\u2060', '').replace(/\s+/g, ' ');
  for (const claim of ['99,9 % Verfügbarkeitsgarantie', 'unter 2 Sekunden', 'Über 50 Sprachen', '85–100 %', 'höhere Konversionsrate', '50 %', 'weniger Supportanfragen', '3×', 'schnellere Antworten']) {
    expect(visible).toContain(claim);
  }
  // Read as a visitor sees the card: the figure (with its "up to") above what it measures.
  const leads = page.locator('main dl > div', { has: page.locator('dt', { hasText: 'mehr Anfragen' }) });
  await expect(leads.locator('dd')).toHaveText('bis zu 100 %');
  await expect(leads.locator('dt')).toHaveText('mehr Anfragen¹');
  await expect(main).toContainText('TYPO3');
  await expect(main).not.toContainText('Typo3');
});

test('desktop header: link to / plus pricing and contact buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/chatbot');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen für Unternehmen' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Preise' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kontakt' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen', exact: true })).toBeHidden();
  await nav.getByRole('link', { name: 'Preise' }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect(page.locator('#pricing')).toBeInViewport();
  await nav.getByRole('link', { name: 'Weitere KI Lösungen für Unternehmen' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('mobile header: only the short link to /', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chatbot');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const visible = await nav.getByRole('link').evaluateAll((links) => links.filter((l) => (l as HTMLElement).offsetParent !== null).map((l) => l.textContent?.trim()));
  expect(visible).toEqual(['Weitere KI Lösungen']);
  await expect(nav.getByRole('link', { name: 'Weitere KI Lösungen', exact: true })).toHaveAttribute('href', '/');
});

test('the first visible button scrolls to contact; action buttons without a page of their own do too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/chatbot');
  const first = page.locator('main a[class*="rounded-control"]').first(); // links drawn as buttons (ui.tsx buttonClass)
  await expect(first).toHaveText('Kostenlos beraten lassen');
  await first.click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
  for (const label of ['Jetzt bestellen', 'Kaufen und einbinden', 'Kostenlos beraten lassen', 'Angebot anfragen', 'Mehr erfahren']) {
    const hrefs = await page.locator('main').getByRole('link', { name: label }).evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs.length, label).toBeGreaterThan(0);
    expect(new Set(hrefs), label).toEqual(new Set(['#contact']));
  }
});

test('the contact section carries the anchor, its heading and the service address', async ({ page }) => {
  await page.goto('/chatbot#contact');
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { level: 2 })).toHaveText('Lassen Sie uns über Ihren Chatbot sprechen');
  await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
});
