import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('ten questions, all closed, each opening and closing on its own', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufig gestellte Fragen');
  const items = page.locator('main details');
  await expect(items).toHaveCount(10);
  const openStates = () => items.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  expect(await openStates()).toEqual(Array(10).fill(false));

  await items.nth(0).locator('summary').click();
  await items.nth(2).locator('summary').click();
  await items.nth(9).locator('summary').click();
  expect(await openStates()).toEqual([true, false, true, false, false, false, false, false, false, true]);
  await expect(items.nth(2).locator('summary + *')).toContainText('Auftragsverarbeitungsverträge');

  await items.nth(2).locator('summary').click();
  expect(await openStates()).toEqual([true, false, false, false, false, false, false, false, false, true]);
  await expect(items.nth(0).locator('summary + *')).toBeVisible();
  await expect(items.nth(2).locator('summary + *')).toBeHidden();
});

test('questions toggle from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const second = page.locator('main details').nth(1);
  await second.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(second).not.toHaveAttribute('open', '');
});

test('the bottom button goes to the contact section of home', async ({ page }) => {
  await page.goto('/faq');
  const button = page.locator('main').getByRole('link', { name: 'Kontakt aufnehmen' });
  await expect(button).toHaveAttribute('href', '/#contact');
  await button.click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('the back button returns to /', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
});
