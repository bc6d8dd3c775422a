import { expect, test } from '@playwright/test';
import { acceptCookies, pageAt } from './support/site-content.ts';

/** The not-found section as content/pages/not-found/de.yaml has it ('404' and its title are SPEC's). */
async function notFound() {
  const section = (await pageAt('/404')).page.sections.find((s) => s.type === 'notFound');
  if (section?.type !== 'notFound') throw new Error('no notFound section');
  return section;
}

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
    // SPEC §2: the attempted path is logged; the words before it are the page's logMessage.
    const { logMessage } = await notFound();
    await expect.poll(() => messages).toContain(`${logMessage} ${path}`);
  });
}

test('the not-found page links back to /', async ({ page }) => {
  await page.goto('/kein-pfad');
  const home = page.locator('main').getByRole('link', { name: (await notFound()).action.label });
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
