/**
 * Browser and backend agree on what is sendable: every address Chromium's <input type=email> accepts
 * is accepted by the shared schema, and every one it refuses is refused, so a visitor is never stuck
 * with a form the browser lets through and the backend turns down. Blank required fields are caught
 * by the browser as well.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { acceptCookies, contactForm, isContactCall, localeStrings, toast } from './support/forms.ts';
import { storedFor, uniqueEmail } from './support/leads.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

const label63 = 'a'.repeat(63);
/**
 * Addresses at the edge of the rule, both sides: the HTML standard's valid e-mail address with a dot in the
 * domain (tests/unit/contact/schema.test.ts lists the expected verdicts).
 */
const BOUNDARY = [
  'a&b@example.de',
  'max@localhost',
  'max@firma',
  "o'brien@example.ie",
  '.max@example.de',
  'max..muster@example.de',
  "!#$%&'*+/=?^_`{|}~-@example.de",
  'max@127.0.0.1',
  `max@${label63}.de`,
  `max@${label63}a.de`,
  '1@2',
  'max@',
  '@example.de',
  'max@example..de',
  'max@.example.de',
  'max@example.de.',
  'max@-example.de',
  'max@example-.de',
  'max@exa_mple.de',
  'max muster@example.de',
  '"max"@example.de',
  'max@[127.0.0.1]',
  'jörg@example.de',
  // Chromium sends an internationalised domain as punycode (max@xn--bcher-kva.de); the verdict is on what it sends.
  'max@bücher.de',
  'max,moritz@example.de',
];

test('every boundary address: Chromium’s <input type=email> and the backend schema give the same verdict', async ({ page }) => {
  await page.goto('/en');
  const f = await contactForm(page);
  const input = f.locator('[name=email]');
  const disagreements: string[] = [];
  for (const typed of BOUNDARY) {
    await input.fill(typed);
    const { valid, value } = await input.evaluate((el: HTMLInputElement) => ({ valid: el.validity.valid, value: el.value }));
    const body = { name: 'Max', email: value, company: null, products: null, subject: 'Demo', message: 'Hallo', privacy_consent: true };
    const accepted = checkContactRequest(body, { form: 'business', locale: 'en' }).ok;
    if (valid !== accepted)
      disagreements.push(
        `${JSON.stringify(typed)} (value ${JSON.stringify(value)}): browser ${valid ? 'accepts' : 'refuses'}, backend ${accepted ? 'accepts' : 'refuses'}`,
      );
  }
  expect(disagreements).toEqual([]);
});

test('an address without a dot in its domain (max@firma) is refused inline, and nothing is sent', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => void (isContactCall(r) && calls++));
  await page.goto('/');
  const f = await contactForm(page);
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill('max@firma');
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  const { errors } = (await localeStrings('de')).forms;
  await expect(f.locator('[name=email]')).toHaveAccessibleDescription(errors.emailInvalid);
  await expect(f.locator('[name=email]')).toBeFocused();
  // The typo fixed, the same form sends.
  const email = uniqueEmail('firma').replace(/@.*/, '@firma.de');
  await f.locator('[name=email]').fill(email);
  await f.locator('button[type=submit]').click();
  await expect(toast(page, 'Nachricht gesendet')).toBeVisible();
  expect((await storedFor(email)).map((r) => r.email)).toEqual([email]);
  expect(calls).toBe(1);
});

for (const local of ['a&b', 'max'] as const) {
  const domain = 'example.de';
  test(`an address like ${local}@${domain}, which the browser accepts, is sent, acknowledged and stored as typed`, async ({ page }) => {
    const email = `${local}-${randomUUID().slice(0, 8)}@${domain}`;
    await page.goto('/');
    const f = await contactForm(page);
    await f.locator('[name=name]').fill('Max Muster');
    await f.locator('[name=email]').fill(email);
    await f.locator('[name=subject]').fill('Demo');
    await f.locator('[name=message]').fill('Hallo');
    await f.locator('[name=privacy_consent]').check();
    await f.locator('button[type=submit]').click();
    await expect(toast(page, 'Nachricht gesendet')).toBeVisible();
    const rows = await storedFor(email);
    expect(rows.map((r) => r.email)).toEqual([email]);
  });
}

test('a required field of only spaces is caught by the browser like an empty one: its message shows, nothing is sent, no error toast', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => void (isContactCall(r) && calls++));
  await page.goto('/');
  const f = await contactForm(page);
  await f.locator('[name=name]').fill('   ');
  await f.locator('[name=email]').fill(`blank-${randomUUID().slice(0, 8)}@example.com`);
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  await expect(f.locator('[name=name]')).toHaveValue('');
  expect(await f.locator('[name=name]').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(f.locator('[name=name]')).toHaveAccessibleDescription((await localeStrings('de')).forms.errors.name);
  await expect(f.locator('[name=name]')).toBeFocused();
  await expect(f.locator('[name=message]')).toHaveValue('Hallo');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  expect(calls).toBe(0);
});
