import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { acceptCookies, contactForm, revealChatLauncher } from './support/forms.ts';
import { localeFile } from './support/site-content.ts';
import { pageAtRest } from './support/motion.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

test('the contact form has no axe violations (WCAG 2.1 AA), with consent unticked and ticked', async ({ page }) => {
  await page.goto('/');
  const f = await contactForm(page);
  const scan = async () => {
    await pageAtRest(page);
    return new AxeBuilder({ page }).include('[data-island="contact-form"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  };
  expect((await scan()).violations).toEqual([]);
  await f.locator('[name=privacy_consent]').check();
  expect((await scan()).violations).toEqual([]);
});

test('the open chat demo has no axe violations (WCAG 2.1 AA)', async ({ page }) => {
  await page.goto('/');
  await revealChatLauncher(page);
  await page.getByRole('button', { name: localeFile('de').chatDemo.open }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await pageAtRest(page);
  const result = await new AxeBuilder({ page }).include('[role=dialog]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations).toEqual([]);
});
