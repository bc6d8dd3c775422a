import { expect, test } from '@playwright/test';
import { acceptCookies, contactForm, isContactCall } from './support/forms.ts';
import { storedFor, uniqueEmail } from './support/leads.ts';
import { localeFile } from './support/site-content.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

/** Forms on pages for schools ask for the institution, not a company; the payload key stays `company`. Labels come from the locale files. */
const LOCALES = ['de', 'en', 'fr', 'es'] as const;
const INSTITUTION = LOCALES.map((code) => {
  const forms = localeFile(code).forms;
  return {
    route: code === 'de' ? '/education' : `/${code}/education`,
    label: forms.education.labels!.company!,
    placeholder: forms.education.placeholders!.company!,
    business: [code === 'de' ? '/' : `/${code}`, forms.labels.company] as const,
  };
});
/** The business form's word for the company, in every language: none of them belongs on a school's form. */
const COMPANY_WORDS = LOCALES.map((code) => localeFile(code).forms.labels.company);

for (const c of INSTITUTION) {
  test(`${c.route}: the form asks for the school or institution and sends it as company`, async ({ page }) => {
    await page.goto(c.route);
    const form = await contactForm(page);
    const institution = form.getByLabel(c.label, { exact: true });
    await expect(institution).toHaveAttribute('name', 'company');
    await expect(institution).toHaveAttribute('placeholder', c.placeholder);
    for (const word of COMPANY_WORDS) await expect(form).not.toContainText(word);

    const email = uniqueEmail('school');
    await form.locator('[name=name]').fill('Erika Musterfrau');
    await form.locator('[name=email]').fill(email);
    await institution.fill('Gymnasium am See');
    if (await form.locator('[name=subject]').count()) await form.locator('[name=subject]').fill('Lizenz');
    await form.locator('[name=message]').fill('Bitte um ein Angebot für 400 Schülerinnen und Schüler.');
    await form.locator('[name=privacy_consent]').check();
    const sent = page.waitForRequest(isContactCall);
    await form.locator('button[type=submit]').click();
    expect((await sent).postDataJSON()).toMatchObject({ company: 'Gymnasium am See' });
    await expect.poll(async () => (await storedFor(email))[0]?.company).toBe('Gymnasium am See');

    // The business form of the same language keeps its company wording.
    const [route, label] = c.business;
    await page.goto(route);
    await expect((await contactForm(page)).getByLabel(label, { exact: true })).toHaveAttribute('name', 'company');
  });
}

// #35: schools in France, England and Spain read their own school system, not a German one translated: no
// German funding programme, no German school type rendered word for word (content/glossary.yaml has why).
const GERMAN_SCHOOL_TERMS = {
  fr: [/DigitalPakt/, /Gymnasium/, /s.adapte à la classe/, /Bundesl(ä|a)nd/],
  en: [/DigitalPakt/, /Gymnasium/, /grammar school/i, /federal state/i],
  es: [/DigitalPakt/, /Gymnasium/, /tipo de centro/, /estados federados/],
} as const;

for (const [code, terms] of Object.entries(GERMAN_SCHOOL_TERMS)) {
  test(`/${code}/education: no German programme or school term in the ${code} copy`, async ({ page }) => {
    await page.goto(`/${code}/education`);
    const text = `${await page.title()} ${await page.locator('body').innerText()}`;
    for (const term of terms) expect(text, `${term}`).not.toMatch(term);
  });
}
