import { expect, test } from '@playwright/test';
import { acceptCookies, site } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const { company, email } = site;
const { terms, cookies, privacy } = site.constants;

for (const [route, title] of [['/impressum', 'Impressum'], ['/agb', 'Allgemeine Geschäftsbedingungen'], ['/datenschutz', 'Datenschutzerklärung']] as const) {
  test(`${route}: German, titled, with a back button to /`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const back = page.getByRole('link', { name: 'Zurück zur Startseite' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(`${route}: the back button is there on small screens too`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(route);
    await expect(page.getByRole('link', { name: 'Zurück zur Startseite' })).toBeVisible();
  });
}

test('legal notice: company details from site.yaml and the liability disclaimers', async ({ page }) => {
  await page.goto('/impressum');
  const doc = page.locator('main article');
  await expect(doc.getByRole('heading', { level: 2, name: 'Angaben gemäß § 5 DDG' })).toBeVisible();
  for (const value of [company.legalName, company.street, `${company.postalCode} ${company.city}`]) await expect(doc).toContainText(String(value));
  await expect(doc).toContainText(`Registergericht: ${company.registryCourt}`);
  await expect(doc).toContainText(`Registernummer: ${company.registryNumber}`);
  await expect(doc).toContainText(`Umsatzsteuergesetz: ${company.vatId}`);
  expect(company.vatId).toBe('beantragt');
  await expect(doc).toContainText(`Geschäftsführender Gesellschafter: ${company.managingPartner}`);
  await expect(doc.getByRole('heading', { name: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV' })).toBeVisible();
  await expect(doc).toContainText(String(company.contentResponsible));
  await expect(doc.getByRole('region', { name: 'Kontakt' }).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(doc.getByRole('heading', { name: 'Haftung für Inhalte' })).toBeVisible();
  await expect(doc.getByRole('heading', { name: 'Haftung für Links' })).toBeVisible();
});

test('terms: 13 numbered sections carrying the SPEC §9 terms', async ({ page }) => {
  await page.goto('/agb');
  const headings = page.locator('main article h2');
  await expect(headings).toHaveCount(13);
  const titles = await headings.allTextContents();
  titles.forEach((t, i) => expect(t).toMatch(new RegExp(`^§ ${i + 1} `)));
  const doc = page.locator('main article');
  await expect(doc).toContainText('monatlich im Voraus abgerechnet');
  await expect(doc).toContainText(`innerhalb von ${terms.paymentDays} Tagen nach Rechnungsdatum`);
  await expect(doc).toContainText(`${terms.defaultInterestPoints} Prozentpunkten über dem jeweiligen Basiszinssatz`);
  await expect(doc).toContainText('99,5 % im Monatsmittel');
  await expect(doc).toContainText('keine zugesicherte Eigenschaft');
  await expect(doc).toContainText(`Frist von ${terms.noticeDays} Tagen zum Monatsende`);
  await expect(doc).toContainText(`mindestens ${terms.changeNoticeDays} Tage vor ihrem Inkrafttreten`);
  await expect(doc).toContainText('Recht der Bundesrepublik Deutschland');
  await expect(doc).toContainText(`Gerichtsstand für alle Streitigkeiten aus diesem Vertrag ${terms.jurisdiction}`);
  // Every paragraph of a section is numbered; § 8 once ended with an unnumbered one.
  const privacyPart = page.locator('[data-legal-part]', { has: page.getByRole('heading', { name: /^§ 8 / }) });
  await expect(privacyPart.locator('p')).toHaveText([/^\(1\) /, /^\(2\) /, /^\(3\) Im Übrigen gilt die Datenschutzerklärung/]);
});

test('privacy policy: 12 numbered sections with logs, cookies, processors and the contact form', async ({ page }) => {
  await page.goto('/datenschutz');
  const headings = page.locator('main article h2');
  await expect(headings).toHaveCount(12);
  const titles = await headings.allTextContents();
  titles.forEach((t, i) => expect(t).toMatch(new RegExp(`^${i + 1}\\. `)));
  const doc = page.locator('main article');
  await expect(doc).toContainText(`nach ${terms.serverLogDays} Tagen gelöscht`);
  const cookieSection = page.locator('#cookies');
  await expect(cookieSection).toContainText(cookies.consentName);
  await expect(cookieSection).toContainText('Speicherdauer: 1 Jahr');
  await expect(cookieSection).toContainText(cookies.sidebarStateName);
  await expect(cookieSection).toContainText(`Speicherdauer: ${cookies.sidebarStateDays} Tage`);
  const processors = page.locator('#empfaenger');
  for (const name of ['Hosting-Anbieter', 'Supabase', 'OpenAI', 'Anthropic', 'Google', 'Mistral AI']) await expect(processors).toContainText(name);
  expect(titles).toContain('5. Kontaktformular');
  await expect(doc).toContainText('Unternehmen bzw. Schule oder Einrichtung (freiwillig)');
  await expect(doc).toContainText('auf den Seiten für Schulen und Bildungseinrichtungen');
  await expect(doc).toContainText('Hashwert (HMAC-SHA-256)');
  await expect(doc).toContainText('Ohne Einwilligung wird das Formular nicht abgesendet.');
  // The retention period the software purges by (constants.privacy.contactRetentionMonths), printed from the constant.
  await expect(page.locator('[data-legal-part]', { has: page.getByRole('heading', { name: /^\d+\. Speicherdauer$/ }) })).toContainText(
    `Kontaktanfragen: ${privacy.contactRetentionMonths} Monate`,
  );
  await doc.getByRole('link', { name: 'Empfänger und Auftragsverarbeiter' }).click();
  await expect(processors).toBeInViewport();
});
