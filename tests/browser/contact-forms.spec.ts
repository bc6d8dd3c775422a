import { expect, test, type Page } from '@playwright/test';
import { FORM_ROUTES, acceptCookies, contactForm, isBuilt, isContactCall, localeStrings, submitAndVerify, toast } from './support/forms.ts';
import { storedFor, uniqueEmail } from './support/leads.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

for (const form of FORM_ROUTES) {
  test(`${form.route}: the ${form.variant} form sends the spec's payload and the row is stored`, async ({ page }) => {
    test.skip(!isBuilt(form.route), `${form.route} is not in the content yet`);
    await submitAndVerify(page, form, storedFor);
  });
}

// One page for what a successful German submit shows: each test opens a page (a renderer) and loads the home page.
test('the German form loads supabase-js on the first submit, not with the page, then shows the exact SPEC §8 success toast in the shared Toaster, bottom right (SPEC §9, "Other") (the chat button steps aside)', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
  const email = uniqueEmail('toast');
  await page.goto('/');
  const f = await contactForm(page);
  expect(scripts.some((s) => s.includes('/send-'))).toBe(false);
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(email);
  await f.locator('[name=company]').fill('Muster GmbH');
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  const shown = toast(page, 'Nachricht gesendet');
  await expect(shown).toBeVisible();
  expect(scripts.some((s) => s.includes('/send-'))).toBe(true);
  await expect(shown).toContainText('Vielen Dank für Ihre Anfrage. Wir melden uns zeitnah bei Ihnen.');
  const toaster = page.locator('section[aria-label^="Benachrichtigungen"]');
  await expect(toaster).toHaveCount(1);
  await expect(toaster.locator('ol')).toHaveAttribute('data-x-position', 'right');
  await expect(toaster.locator('ol')).toHaveAttribute('data-y-position', 'bottom');
  expect((await storedFor(email))[0]?.company).toBe('Muster GmbH');
});

// One page for the German form's fields, its required fields and its consent: each test opens a page (a
// renderer) and loads the home page.
test('the form has labelled, typed, autocompleting fields and marks required ones; without consent it sends nothing and shows the exact notice', async ({
  page,
}) => {
  let calls = 0;
  page.on('request', (r) => void (isContactCall(r) && calls++));
  await page.goto('/');
  const f = await contactForm(page);
  await expect(f.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('type', 'email');
  await expect(f.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('autocomplete', 'email');
  await expect(f.getByLabel('Name')).toHaveAttribute('autocomplete', 'name');
  await expect(f.getByLabel('Unternehmen')).toHaveAttribute('autocomplete', 'organization');
  for (const name of ['name', 'email', 'subject', 'message']) await expect(f.locator(`[name=${name}]`)).toHaveAttribute('required', '');
  await expect(f.locator('[name=company]')).not.toHaveAttribute('required', '');
  expect(await f.locator('[name=message]').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(120);
  // SPEC §5: the consent text links to /datenschutz, and a note says what * means (its wording is content's).
  await expect(f.locator('a[href="/datenschutz"]')).toHaveCount(1);
  await expect(f).toContainText((await localeStrings('de')).forms.footnote);
  // The browser enforces required: an empty submit sends nothing, and each refused field says why inline.
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  expect(await f.locator('[name=name]').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  const { errors } = (await localeStrings('de')).forms;
  for (const name of ['name', 'email', 'subject', 'message'] as const) {
    await expect(f.locator(`[name=${name}]`)).toHaveAttribute('aria-invalid', 'true');
    await expect(f.locator(`[name=${name}]`)).toHaveAccessibleDescription(errors[name]);
  }
  await expect(f.locator('[name=name]')).toBeFocused();
  expect(calls).toBe(0);
  // Consent unticked again: the disabled button cannot submit; a programmatic submit (or any other path) must still be refused.
  await f.locator('[name=privacy_consent]').uncheck();
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(uniqueEmail('consent'));
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await expect(f.locator('button[type=submit]')).toBeDisabled();
  await f.evaluate((form: HTMLFormElement) => form.requestSubmit());
  const notice = toast(page, 'Datenschutz-Einwilligung erforderlich');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Bitte stimmen Sie der Übermittlung Ihrer Daten zu.');
  expect(calls).toBe(0);
});

for (const failure of ['answers 500', 'is unreachable'] as const) {
  test(`when the endpoint ${failure}, the error toast shows and every typed value stays`, async ({ page }) => {
    await page.route('**/functions/v1/rapid-worker', (route) =>
      failure === 'answers 500' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }) : route.abort('connectionrefused'),
    );
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto('/');
    const f = await contactForm(page);
    const email = uniqueEmail('fail');
    await f.locator('[name=name]').fill('Max Muster');
    await f.locator('[name=email]').fill(email);
    await f.locator('[name=company]').fill('Muster GmbH');
    await f.locator('[name=subject]').fill('Demo');
    await f.locator('[name=message]').fill('Bitte melden.');
    await f.locator('[name=privacy_consent]').check();
    await f.locator('button[type=submit]').click();
    const shown = toast(page, 'Fehler');
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('Beim Senden Ihrer Nachricht ist ein Fehler aufgetreten.');
    await expect(f.locator('[name=name]')).toHaveValue('Max Muster');
    await expect(f.locator('[name=email]')).toHaveValue(email);
    await expect(f.locator('[name=company]')).toHaveValue('Muster GmbH');
    await expect(f.locator('[name=subject]')).toHaveValue('Demo');
    await expect(f.locator('[name=message]')).toHaveValue('Bitte melden.');
    await expect(f.locator('[name=privacy_consent]')).toBeChecked();
    await expect(f.locator('button[type=submit]')).toBeEnabled();
    await expect(f.locator('button[type=submit]')).toHaveText((await localeStrings('de')).forms.submit);
    expect(errors.some((e) => e.includes('contact request failed'))).toBe(true);
    expect(await storedFor(email)).toHaveLength(0);
  });
}

test('while sending the button is disabled with the sending label; a double click stores exactly one row', async ({ page }) => {
  let calls = 0;
  // Requests are held until the sending state has been seen, so the second click surely comes while sending.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/functions/v1/rapid-worker', async (route) => {
    calls++;
    await seen;
    await route.continue();
  });
  await page.goto('/');
  const f = await contactForm(page);
  const email = uniqueEmail('double');
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(email);
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  const submit = f.locator('button[type=submit]');
  await submit.dblclick();
  await expect(submit).toHaveText('Wird gesendet...');
  await expect(submit).toBeDisabled();
  release();
  await expect(toast(page, 'Nachricht gesendet')).toBeVisible();
  expect(calls).toBe(1);
  expect(await storedFor(email)).toHaveLength(1);
});

/** SPEC §8, quoted: the error toasts of the education forms, and which of them log the error (French with the page's apostrophe, ’). */
const EDUCATION_FAILURES = [
  { route: '/en/education', title: 'Error', description: 'An error occurred. Please try again.', logs: true },
  { route: '/fr/education', title: 'Erreur', description: 'Une erreur s’est produite. Veuillez réessayer.', logs: true },
  { route: '/es/education', title: 'Error', description: 'Ocurrió un error al enviar su mensaje.', logs: false },
];

for (const failure of EDUCATION_FAILURES) {
  test(`${failure.route}: a send failure shows the spec's error toast and ${failure.logs ? 'logs' : 'does not log'} the error`, async ({ page }) => {
    test.skip(!isBuilt(failure.route), `${failure.route} is not in the content yet`);
    await page.route('**/functions/v1/rapid-worker', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    const logged: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && logged.push(m.text())));
    await page.goto(failure.route);
    const f = await contactForm(page);
    await f.locator('[name=name]').fill('Ana Docente');
    await f.locator('[name=email]').fill(uniqueEmail('edu-fail'));
    if ((await f.locator('[name=subject]').count()) > 0) await f.locator('[name=subject]').fill('Licencia');
    await f.locator('[name=message]').fill('Hola');
    await f.locator('[name=privacy_consent]').check();
    await f.locator('button[type=submit]').click();
    const shown = toast(page, failure.title);
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(failure.description);
    await expect(f.locator('[name=message]')).toHaveValue('Hola');
    expect(logged.some((text) => text.includes('contact request failed'))).toBe(failure.logs);
  });
}

/** Fills the form at `route` without consent, submits it the only way left (programmatically) and expects the spec's notice and no request. */
async function refusedWithoutConsent(page: Page, notice: { route: string; title: string; description: string }) {
  let calls = 0;
  page.on('request', (r) => void (isContactCall(r) && calls++));
  await page.goto(notice.route);
  const f = await contactForm(page);
  await f.locator('[name=name]').fill('Claire');
  await f.locator('[name=email]').fill(uniqueEmail('consent'));
  for (const name of ['subject', 'message']) if ((await f.locator(`[name=${name}]`).count()) > 0) await f.locator(`[name=${name}]`).fill('Bonjour');
  await f.evaluate((form: HTMLFormElement) => form.requestSubmit());
  const shown = toast(page, notice.title);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(notice.description);
  expect(calls).toBe(0);
  return f;
}

test("/fr/education: a submit without consent shows the spec's notice and sends nothing", async ({ page }) => {
  test.skip(!isBuilt('/fr/education'), '/fr/education is not in the content yet');
  await refusedWithoutConsent(page, { route: '/fr/education', title: 'Erreur', description: 'Veuillez accepter la politique de confidentialité.' });
});

// One page for both: each test opens a page (a renderer) and loads /es.
test('/es: a submit without consent shows the spec\'s notice and sends nothing; with consent, while sending, the button reads the spec\'s "Enviando..."', async ({
  page,
}) => {
  // The answer is held until the sending label has been seen.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/functions/v1/rapid-worker', async (route) => {
    await seen;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"slow"}' });
  });
  const f = await refusedWithoutConsent(page, {
    route: '/es',
    title: 'Consentimiento de privacidad requerido',
    description: 'Por favor, acepte el procesamiento de sus datos.',
  });
  await f.locator('[name=name]').fill('Lucía');
  await f.locator('[name=email]').fill(uniqueEmail('enviando'));
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hola');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  await expect(f.locator('button[type=submit]')).toHaveText('Enviando...');
  release();
  await expect(toast(page, 'Error')).toContainText('Ocurrió un error al enviar su mensaje.');
});
