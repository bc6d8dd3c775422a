import { expect, test, type Page } from '@playwright/test';
import {
  acceptCookies,
  headerLabels,
  mentioning,
  pageAt,
  readAs,
  readWithin,
  site,
  siteModel,
  textsOf,
  valueAt,
  type ContentPath,
} from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const { company, email } = site;
const { terms, cookies, privacy } = site.constants;

interface LegalPart {
  id?: string;
  title: string;
  body: unknown;
}

/** The parts of the legal document at `route`, as content has them. */
async function partsOf(route: string): Promise<LegalPart[]> {
  const section = (await pageAt(route)).page.sections[0];
  if (section?.type !== 'legal') throw new Error(`${route} does not open with a legal document`);
  return section.parts;
}

/** The parts of the document at `route` whose text prints `reference` (e.g. `{{terms.noticeDays`). */
async function partsPrinting(route: string, reference: string): Promise<LegalPart[]> {
  const found = await mentioning(route, reference);
  expect(found.length, `${route} prints ${reference}`).toBeGreaterThan(0);
  const paths = new Set(found.map(({ path }) => JSON.stringify(path.slice(0, path.indexOf('parts') + 2))));
  return Promise.all([...paths].map(async (at) => (await valueAt(route, JSON.parse(at) as ContentPath)) as LegalPart));
}

/** The part's element on the page: its heading (with the generated number) and its text. */
function partOn(page: Page, part: LegalPart) {
  return page.locator('[data-legal-part]', {
    has: page.getByRole('heading', { level: 2, name: new RegExp(`(?:^|\\s)${readAs(part.title).source.slice(1)}`) }),
  });
}

/** Every text of `part` (its paragraphs, lines and list points) is shown in its place on the page. */
async function expectShown(page: Page, part: LegalPart): Promise<void> {
  const element = partOn(page, part);
  for (const text of textsOf(part.body)) await expect(element).toContainText(readWithin(text));
}

for (const route of ['/impressum', '/agb', '/datenschutz'] as const) {
  test(`${route}: German, titled, with a back button to /`, async ({ page }) => {
    const title = (await pageAt(route)).page.sections[0]!.title;
    const { back } = await headerLabels(route);
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readAs(title));
    const link = page.getByRole('link', { name: readAs(back) });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(`${route}: the back button is there on small screens too`, async ({ page }) => {
    const { back } = await headerLabels(route);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(route);
    await expect(page.getByRole('link', { name: readAs(back) })).toBeVisible();
  });
}

test('legal notice: company details from site.yaml and the liability disclaimers', async ({ page }) => {
  await page.goto('/impressum');
  const doc = page.locator('main article');
  // Every part of the notice (address, representation, registry, VAT id, person responsible, disclaimers) under its heading.
  for (const part of await partsOf('/impressum')) {
    await expect(doc.getByRole('heading', { level: 2, name: readAs(part.title) })).toBeVisible();
    await expectShown(page, part);
  }
  for (const value of [company.legalName, company.street, `${company.postalCode} ${company.city}`]) await expect(doc).toContainText(String(value));
  expect(company.vatId).toBe('beantragt');
  for (const detail of ['registryCourt', 'registryNumber', 'vatId', 'managingDirector', 'contentResponsible']) {
    await expect(doc).toContainText(String(company[detail]));
    for (const { text } of await mentioning('/impressum', `{{company.${detail}}}`)) await expect(doc).toContainText(readWithin(text));
  }
  // The contact part is the first that prints the service address; it links it as mail.
  const [contact] = await partsPrinting('/impressum', '{{email}}');
  await expect(doc.getByRole('region', { name: readAs(contact!.title) }).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test('terms: 13 numbered sections carrying the SPEC §9 terms', async ({ page }) => {
  await page.goto('/agb');
  const headings = page.locator('main article h2');
  await expect(headings).toHaveCount(13);
  const titles = await headings.allTextContents();
  titles.forEach((t, i) => expect(t).toMatch(new RegExp(`^§ ${i + 1} `)));
  // Each SPEC §9 term is printed from its constant, inside a part shown whole: billing in advance beside the
  // payment period, "not guaranteed" beside the availability, German law beside the place of jurisdiction.
  const doc = page.locator('main article');
  await expect(doc).toContainText(/99,5\s%/);
  for (const name of ['paymentDays', 'defaultInterestPoints', 'availabilityPercent', 'noticeDays', 'changeNoticeDays', 'jurisdiction']) {
    const value = String(terms[name]).replace('.', ',');
    for (const part of await partsPrinting('/agb', `{{terms.${name}}}`)) {
      await expect(partOn(page, part)).toContainText(value);
      await expectShown(page, part);
    }
  }
  // Every paragraph of a section is numbered; the data-protection part once ended with an unnumbered one.
  const [privacyPart] = (await partsOf('/agb')).filter((part) => textsOf(part.body).some((text) => text.includes('](/datenschutz)')));
  const paragraphs = textsOf(privacyPart!.body);
  await expect(partOn(page, privacyPart!).locator('p')).toHaveText(
    paragraphs.map((text, i) => new RegExp(`^\\(${i + 1}\\) ${readWithin(text.replace(/^\(\d+\) /, '')).source}`)),
  );
});

test('privacy policy: 12 numbered sections with logs, cookies, processors and the contact form', async ({ page }) => {
  await page.goto('/datenschutz');
  const headings = page.locator('main article h2');
  await expect(headings).toHaveCount(12);
  const titles = await headings.allTextContents();
  titles.forEach((t, i) => expect(t).toMatch(new RegExp(`^${i + 1}\\. `)));
  const doc = page.locator('main article');
  const parts = await partsOf('/datenschutz');
  const byId = (id: string) => parts.find((part) => part.id === id)!;

  for (const part of await partsPrinting('/datenschutz', '{{terms.serverLogDays')) {
    await expect(partOn(page, part)).toContainText(`${terms.serverLogDays}`);
    await expectShown(page, part);
  }
  const cookieSection = page.locator('#cookies');
  await expect(cookieSection).toContainText(cookies.consentName);
  await expect(cookieSection).toContainText(/1\sJahr/);
  await expect(cookieSection).toContainText(cookies.sidebarStateName);
  await expect(cookieSection).toContainText(new RegExp(`${cookies.sidebarStateDays}\\sTage`));
  await expectShown(page, byId('cookies'));
  const processors = page.locator('#empfaenger');
  await expectShown(page, byId('empfaenger'));
  // The contact form's part, numbered where content places it, names every field and form the site has.
  const form = byId('kontaktformular');
  expect(titles[parts.indexOf(form)]).toMatch(new RegExp(`^${parts.indexOf(form) + 1}\\.\\s${readAs(form.title).source.slice(1)}`));
  await expectShown(page, form);
  // The retention period the software purges by (constants.privacy.contactRetentionMonths), printed from the constant.
  for (const part of await partsPrinting('/datenschutz', '{{privacy.contactRetentionMonths}}')) {
    await expect(partOn(page, part)).toContainText(`${privacy.contactRetentionMonths}`);
    await expectShown(page, part);
  }
  await doc.getByRole('link', { name: readWithin(byId('empfaenger').title) }).click();
  await expect(processors).toBeInViewport();
});

test('legal notice (§ 5 DDG): a UG names its Geschäftsführer and a telephone line', async ({ page }) => {
  await page.goto('/impressum');
  const doc = page.locator('main article');
  await expect(doc).toContainText(`Geschäftsführer: ${company.managingDirector}`);
  await expect(doc).not.toContainText('Gesellschafter');
  await expect(doc).toContainText(readWithin(`Telefon: ${company.phone}`));
});

test('privacy policy: a table names each recipient with its seat and, in the USA, its transfer safeguard; the right to object set apart', async ({ page }) => {
  const { recipients } = (await siteModel()).site.constants.privacy;
  expect(
    Object.values(recipients)
      .filter((r) => r.thirdCountry)
      .map((r) => r.seat),
  ).toContain('USA');
  await page.goto('/datenschutz');
  const table = page.locator('#empfaenger').getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Anbieter', 'Zweck', 'Sitz', 'Grundlage']);
  await expect(table.locator('tbody').getByRole('row')).toHaveCount(Object.keys(recipients).length);
  for (const recipient of Object.values(recipients)) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: recipient.name, exact: true }) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(recipient.seat, { useInnerText: true });
    await expect(cells.nth(2)).toContainText(recipient.thirdCountry ? recipient.safeguard! : 'Keine Übermittlung in ein Drittland');
  }
  // Art. 21(4): the right to object in a part of its own, set apart in a box, its first sentence bold.
  const objection = page.locator('#widerspruch');
  await expect(objection.getByRole('heading', { level: 2 })).toContainText('Art. 21 DSGVO');
  await expect(objection.locator('[data-callout] strong').first()).toContainText('jederzeit widersprechen');
  await expect(page.locator('main article')).toContainText('Art. 22 DSGVO');
  await expect(page.locator('main article')).not.toContainText(/HMAC|SHA-256|contact_rate_limits|site serve/);
});
