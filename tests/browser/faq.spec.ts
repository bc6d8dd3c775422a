import { expect, test } from '@playwright/test';
import type { Section } from '../../src/schema/sections/index.ts';
import { acceptCookies, headerLabels, pageAt } from './support/site-content.ts';

/** The FAQ page as loaded from content/pages/faq/de.yaml: its copy is read from there, never typed here. */
const faq = async () => {
  const { page } = await pageAt('/faq');
  const section = page.sections.find((s): s is Extract<Section, { type: 'faq' }> => s.type === 'faq');
  if (!section) throw new Error('no faq section on /faq');
  return section;
};

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

test('ten questions, all closed, each opening and closing on its own', async ({ page }) => {
  await page.goto('/faq');
  const section = await faq();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.title);
  const items = page.locator('main [data-faq-page] details');
  await expect(items).toHaveCount(10);
  const openStates = () => items.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  expect(await openStates()).toEqual(Array(10).fill(false));

  await items.nth(0).locator('summary').click();
  await items.nth(2).locator('summary').click();
  await items.nth(9).locator('summary').click();
  expect(await openStates()).toEqual([true, false, true, false, false, false, false, false, false, true]);
  await expect(items.nth(2).locator('summary')).toContainText(section.items[2]!.question);

  await items.nth(2).locator('summary').click();
  expect(await openStates()).toEqual([true, false, false, false, false, false, false, false, false, true]);
  await expect(items.nth(0).locator('summary + *')).toBeVisible();
  await expect(items.nth(2).locator('summary + *')).toBeHidden();
});

test('questions toggle from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const second = page.locator('main [data-faq-page] details').nth(1);
  await second.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('open', '');
  await page.keyboard.press('Space');
  await expect(second).not.toHaveAttribute('open', '');
});

test('the bottom button goes to the contact section of home', async ({ page }) => {
  await page.goto('/faq');
  const action = (await faq()).action!;
  const button = page.locator('main').getByRole('link', { name: action.label });
  await expect(button).toHaveAttribute('href', '/#contact');
  await button.click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
});

test('the back button returns to /', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('link', { name: (await headerLabels('/faq')).back }).click();
  await expect(page).toHaveURL(/\/$/);
});
