import { expect, test } from '@playwright/test';
import { acceptCookies, contactForm, isContactCall, localeStrings, toast } from './support/forms.ts';
import { storedFor, uniqueEmail } from './support/leads.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

test('the honeypot is invisible, unreachable by keyboard and absent for assistive technology; a person never sends it', async ({ page }) => {
  await page.goto('/');
  const f = await contactForm(page);
  const trap = f.locator('[name=homepage]');
  await expect(trap).toHaveCount(1);
  // Off-screen, out of the tab order, not in the accessibility tree.
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  // Its label comes from content (forms.honeypot): it is in the DOM, yet no textbox carries its name.
  const { honeypot } = (await localeStrings('de')).forms;
  await expect(trap.locator('xpath=..')).toContainText(honeypot);
  await expect(f.getByRole('textbox', { name: honeypot })).toHaveCount(0);
  await f.locator('[name=name]').focus();
  const reached: string[] = [];
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? ''));
  }
  expect(reached).not.toContain('homepage');
  expect(reached).toContain('privacy_consent');

  const email = uniqueEmail('person');
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(email);
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  const sent = page.waitForRequest(isContactCall);
  await f.locator('button[type=submit]').click();
  expect(Object.keys((await sent).postDataJSON() as object)).not.toContain('homepage');
  await expect(toast(page, 'Nachricht gesendet')).toBeVisible();
  expect(await storedFor(email)).toHaveLength(1);
});

test('a bot that fills the honeypot sees the success toast, and nothing is stored', async ({ page }) => {
  await page.goto('/');
  const f = await contactForm(page);
  const email = uniqueEmail('bot');
  await f.locator('[name=name]').fill('Cheap Pills');
  await f.locator('[name=email]').fill(email);
  await f.locator('[name=subject]').fill('Offer');
  await f.locator('[name=message]').fill('Buy now');
  // A bot fills every input it finds, visible or not.
  await f.locator('[name=homepage]').evaluate((el: HTMLInputElement) => (el.value = 'https://spam.example'));
  await f.locator('[name=privacy_consent]').check();
  const sent = page.waitForRequest(isContactCall);
  await f.locator('button[type=submit]').click();
  expect(((await sent).postDataJSON() as Record<string, unknown>).homepage).toBe('https://spam.example');
  await expect(toast(page, 'Nachricht gesendet')).toBeVisible();
  expect(await storedFor(email)).toHaveLength(0);
});
