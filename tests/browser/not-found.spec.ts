import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

for (const path of ['/gibt-es-nicht', '/chatbot/preise/alt', '/fr/nope']) {
  test(`unknown path ${path}: status 404, the not-found page, and the path in the console`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-status-code]')).toHaveText('404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    // The spec's English title on a German page is marked as English, so screen readers pronounce it so.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    await expect.poll(() => messages).toContain(`404 Error: User attempted to access non-existent route: ${path}`);
  });
}

test('the not-found page links back to /', async ({ page }) => {
  await page.goto('/kein-pfad');
  const home = page.locator('main').getByRole('link', { name: 'Zurück zur Startseite' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Page not found');
});

test('dist/404.html itself is the page', async ({ request }) => {
  const response = await request.get('/404.html');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('Oops! Page not found');
});
