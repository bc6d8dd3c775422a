import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, isContactCall, revealChatLauncher, toast } from './support/forms.ts';
import { storedFor, uniqueEmail } from './support/leads.ts';
import { localeFile } from './support/site-content.ts';
import { expectHydrated } from './support/hydration.ts';

/** The demo's wording as content/locales/de.yaml has it (SPEC quotes only its success notice and subject). */
const demo = localeFile('de').chatDemo;

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

const opener = (page: Page) => page.getByRole('button', { name: demo.open });
/** The chat button, once the visitor has scrolled far enough for it to fade in. */
async function launcher(page: Page, options?: Parameters<typeof revealChatLauncher>[1]) {
  await revealChatLauncher(page, options);
  return opener(page);
}
const dialog = (page: Page) => page.getByRole('dialog', { name: demo.title });

/**
 * After the first click on a page just loaded: the click woke the island, which loads React and replays the
 * click once hydrated (support/hydration.ts says why hydration gets longer than other waits); the dialog must
 * then follow.
 */
async function expectOpenedOnWaking(page: Page): Promise<void> {
  await expectHydrated(page.locator('[data-island="chat-demo"]'));
  await expect(dialog(page)).toBeVisible();
}

/** Opens `/` with the island loader's chunk held back until the returned function is called. */
async function holdIslandLoader(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  return release;
}

test('the first click on the chat button opens the demo, even before the island has hydrated', async ({ page }) => {
  await page.goto('/');
  const island = page.locator('[data-island="chat-demo"]');
  await expect(island).not.toHaveAttribute('data-hydrated', '');
  await (await launcher(page)).click();
  await expectOpenedOnWaking(page);
  await expect(dialog(page)).toContainText(demo.question);
  await expect(page.getByRole('button', { name: demo.close })).toBeFocused();
});

test('a click that lands before the island loader has arrived still opens the demo', async ({ page }) => {
  // The loader starts at first paint (render/head.ts); hold it back so the click comes first.
  const release = await holdIslandLoader(page);
  await (await launcher(page, { loader: 'held' })).click();
  expect(await page.evaluate(() => (window as Window & { siteEarlyClicks?: unknown[] }).siteEarlyClicks?.length)).toBe(1);
  release();
  await expectOpenedOnWaking(page);
  await expect(page.getByRole('button', { name: demo.close })).toBeFocused();
});

test('a click pressed before the island loader arrives and released after it still opens the demo', async ({ page }) => {
  // A visitor's press and release are two events, ~100 ms apart: the loader may start in between. Then the
  // press was before its wake-up listeners and the click after the start script's, so neither saw it.
  const release = await holdIslandLoader(page);
  const box = (await (await launcher(page, { loader: 'held' })).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  await page.waitForFunction(() => (window as Window & { siteEarlyClicks?: { done?: boolean } }).siteEarlyClicks?.done === true);
  await page.mouse.up();
  await expectOpenedOnWaking(page);
  await expect(page.getByRole('button', { name: demo.close })).toBeFocused();
});

for (const { width, height, entry } of [
  { width: 390, height: 844, entry: 'header .chat-entry' },
  { width: 1280, height: 800, entry: '.chat-launcher' },
]) {
  test(`at ${width} px a tap opens the demo before the island's code has arrived; the form sends once it has (issue #36)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // Hold back the island's chunk and React's (mount imports react-dom): only the page-load script runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(ChatDemo|mount)-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    if (width >= 1024) await revealChatLauncher(page);
    else await page.waitForFunction(() => (window as Window & { siteEarlyClicks?: { done?: boolean } }).siteEarlyClicks?.done === true);
    const island = page.locator('[data-island="chat-demo"]');
    const opener = page.locator(entry);
    // Focus on the opener (as a pointer's arrival or press) already asks for the island's code.
    const asked = page.waitForRequest(/\/assets\/ChatDemo-[^/]+\.js$/);
    await opener.focus();
    await asked;
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByRole('button', { name: demo.close })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(island).not.toHaveAttribute('data-hydrated', '');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    const f = dialog(page).locator('form');
    const send = f.locator('button[type=submit]');
    // The consent hint works before React too: it brings the checkbox into focus.
    await f
      .locator('[data-consent-hint]')
      .getByRole('button', { name: localeFile('de').forms.consentHint })
      .click();
    await expect(f.locator('[name=privacy_consent]')).toBeFocused();
    const email = uniqueEmail(`early${width}`);
    await f.locator('[name=name]').fill('Frieda Früh');
    await f.locator('[name=email]').fill(email);
    await f.locator('[name=message]').fill('Geöffnet, bevor React da war.');
    await f.locator('[name=privacy_consent]').check();
    // A send before hydration waits: the button is disabled, so Enter in a field neither posts nor reloads the page.
    await expect(send).toBeDisabled();
    await f.locator('[name=name]').press('Enter');
    await expect(island).not.toHaveAttribute('data-hydrated', '');
    release();
    await expectHydrated(island);
    expect(new URL(page.url()).search).toBe('');
    // What was typed and ticked before hydration is kept; the button is ready without ticking again.
    await expect(dialog(page)).toBeVisible();
    await expect(f.locator('[name=name]')).toHaveValue('Frieda Früh');
    await expect(f.locator('[name=privacy_consent]')).toBeChecked();
    await expect(send).toBeEnabled();
    const sent = page.waitForRequest(isContactCall);
    await send.click();
    await sent;
    await expect(toast(page, 'Vielen Dank! Wir melden uns zeitnah zu Ihrer Chatbot-Anfrage.')).toBeVisible();
    const rows = await storedFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Frieda Früh', products: 'chatbot', form_variant: 'chat-demo' });
  });
}

test('page scroll is locked while open; the backdrop closes it and focus returns to the button', async ({ page }) => {
  await page.goto('/');
  // Scrolled to where the chat button shows, with room left to scroll.
  await revealChatLauncher(page);
  await opener(page).click();
  await expectOpenedOnWaking(page);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(20, 20);
  // The wheel event reached the page and two frames were drawn after it: a scroll it caused would show by then.
  const wheeled = page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, capture: true }),
      ),
  );
  await page.mouse.wheel(0, 800);
  await wheeled;
  expect(await page.evaluate(() => window.scrollY)).toBe(before);

  await page.mouse.click(5, 5); // the backdrop, outside the panel
  await expect(dialog(page)).toBeHidden();
  await expect(opener(page)).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
});

test('Escape and the close button close the demo; Tab stays inside the dialog', async ({ page }) => {
  await page.goto('/');
  await (await launcher(page)).click();
  await expectOpenedOnWaking(page);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(opener(page)).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.getByRole('button', { name: demo.close }).click();
  await expect(dialog(page)).toBeHidden();
});

test('the mini form sends products chatbot and the fixed subject, shows no subject field, and the row is stored', async ({ page }) => {
  await page.goto('/');
  await (await launcher(page)).click();
  // Open before asserting what the form lacks: a count of 0 holds on a page where it is not open yet.
  await expectOpenedOnWaking(page);
  const f = dialog(page).locator('form');
  await expect(f.locator('[name=subject]')).toHaveCount(0);
  await expect(f.locator('[name=products]')).toHaveCount(0);
  const email = uniqueEmail('chat');
  await f.locator('[name=name]').fill('Clara Chat');
  await f.locator('[name=email]').fill(email);
  await f.locator('[name=message]').fill('Wir möchten einen Bot für unsere Website.');
  await f.locator('[name=privacy_consent]').check();
  const sent = page.waitForRequest(isContactCall);
  await f.locator('button[type=submit]').click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toEqual({
    name: 'Clara Chat',
    email,
    company: null,
    products: 'chatbot',
    subject: 'Chatbot Anfrage (Chat-Demo)',
    message: 'Wir möchten einen Bot für unsere Website.',
    privacy_consent: true,
  });
  await expect(toast(page, 'Vielen Dank! Wir melden uns zeitnah zu Ihrer Chatbot-Anfrage.')).toBeVisible();
  await expect(f.locator('[name=name]')).toHaveValue('');
  // The confirmation takes the form's place in the sheet: no field is left showing beside it.
  await expect(dialog(page).locator('[data-form-sent]')).toBeVisible();
  await expect(f.locator('[name=name]')).toBeHidden();
  const rows = await storedFor(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ products: 'chatbot', subject: 'Chatbot Anfrage (Chat-Demo)', company: null, form_variant: 'chat-demo', locale: 'de' });

  // A toast from the other island lands in the same, single Toaster (one sonner instance per page).
  await page.keyboard.press('Escape');
  const main = page.locator('[data-island="contact-form"]');
  await main.scrollIntoViewIfNeeded();
  await expectHydrated(main);
  for (const name of ['name', 'subject', 'message']) await main.locator(`[name=${name}]`).fill('Test');
  await main.locator('[name=email]').fill(uniqueEmail('second'));
  await main.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(toast(page, 'Datenschutz-Einwilligung erforderlich')).toBeVisible();
  // The chat's own toast has left by now (its message stays in the sheet, so it goes once the page scrolls on).
  const toaster = page.locator('section[aria-label^="Benachrichtigungen"]');
  await expect(toaster).toHaveCount(1);
  await expect(toaster.locator('[data-sonner-toast]', { hasText: 'Datenschutz-Einwilligung erforderlich' })).toBeVisible();
});

for (const viewport of [
  { width: 360, height: 780 },
  { width: 375, height: 667 },
]) {
  test(`on a ${viewport.width} × ${viewport.height} phone the opened sheet shows its send row whole: the button and why it waits (design review 9a #4)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.locator('header .chat-entry').click();
    await expectOpenedOnWaking(page);
    const send = dialog(page).locator('button[type=submit]');
    const hint = dialog(page).locator(`[id="${await send.getAttribute('aria-describedby')}"]`);
    await expect(hint).toBeVisible();
    for (const part of [send, hint]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, await part.innerText()).toBeLessThanOrEqual(viewport.height);
    }
  });
}

for (const viewport of [
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the consent hint at the send row brings the checkbox it speaks of into view and focus (design review 10a #4)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await (await launcher(page)).click();
    await expectOpenedOnWaking(page);
    const body = dialog(page).locator('.chat-demo-body');
    const consent = dialog(page).locator('[name=privacy_consent]');
    // Where the review found it: the send row at the sheet's foot, the checkbox scrolled away above it.
    await body.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
    await dialog(page)
      .locator('[data-consent-hint]')
      .getByRole('button', { name: localeFile('de').forms.consentHint })
      .click();
    await expect(consent).toBeFocused();
    const sheet = (await body.boundingBox())!;
    const sendRow = (await dialog(page).locator('button[type=submit]').boundingBox())!;
    const box = (await consent.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(sheet.y);
    // Above the sticky send row, not under it.
    expect(box.y + box.height).toBeLessThan(sendRow.y - 12);
  });
}
