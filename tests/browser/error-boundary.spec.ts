import { expect, test } from '@playwright/test';
import { headerLabels, pageAt } from './support/site-content.ts';
import { expectHydrated } from './support/hydration.ts';

/** The chatbot page's headline as content/pages/chatbot/de.yaml has it. */
async function heroTitle(): Promise<string> {
  const [hero] = (await pageAt('/chatbot')).page.sections;
  if (hero?.type !== 'hero') throw new Error('/chatbot does not start with a hero');
  return hero.title;
}

/** The contact form's props file (render/Island.tsx), which the loader fetches when the form wakes. */
const FORM_PROPS = '**/assets/contact-form-props-*.json';

/**
 * Drives a real island into failure: its props file is fetched unchanged, then gets `strings: null` before
 * the browser sees it, so the component throws while hydrating.
 */
test('an island that throws shows the error screen in its place; the rest of the page keeps working', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(FORM_PROPS, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), strings: null } });
  });
  await page.goto('/chatbot');
  const island = page.locator('[data-island="contact-form"]');
  await island.scrollIntoViewIfNeeded();
  const alert = island.getByRole('alert');
  await expect(alert.getByRole('heading')).toHaveText('Unexpected Application Error!');
  await expect(alert).toContainText(/Cannot read properties of null/);
  await expectHydrated(island);
  // Only the island failed: the page around it still renders and its links still work.
  const header = await headerLabels('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(await heroTitle());
  await page.getByRole('navigation', { name: header.navLabel }).getByRole('link', { name: header.pricing }).click();
  await expect(page).toHaveURL(/#pricing$/);
  expect(errors).toEqual([]);
});

test('an island that works does not show the error screen', async ({ page }) => {
  await page.goto('/chatbot');
  const island = page.locator('[data-island="contact-form"]');
  await island.scrollIntoViewIfNeeded();
  await expectHydrated(island);
  await expect(island.getByRole('alert')).toHaveCount(0);
  // React runs it: ticking the consent box enables the submit button.
  await island.locator('[name=privacy_consent]').check();
  await expect(island.locator('button[type=submit]')).toBeEnabled();
});

/**
 * Failures before React runs are the loader's: the island's chunk or props file does not load, its name is
 * unknown, its props are not JSON. Each must show the same error screen in the island's place, not an
 * unhandled rejection.
 */
test('an island whose chunk fails to load shows the error screen in its place', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/assets/ContactForm-*.js', (route) => route.abort());
  await page.goto('/chatbot');
  const island = page.locator('[data-island="contact-form"]');
  await island.scrollIntoViewIfNeeded();
  const alert = island.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 2 })).toHaveText('Unexpected Application Error!');
  await expect(alert).toContainText(/TypeError: Failed to fetch dynamically imported module: .*\/assets\/ContactForm-/);
  await expect(island).not.toHaveAttribute('data-hydrated');
  const header = await headerLabels('/chatbot');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(await heroTitle());
  await page.getByRole('navigation', { name: header.navLabel }).getByRole('link', { name: header.pricing }).click();
  await expect(page).toHaveURL(/#pricing$/);
  expect(errors).toEqual([]);
});

for (const [what, failure, message] of [
  ['an unknown island name', 'name', /Error: unknown island 'contact-form-v2'/],
  ['props that are not JSON', 'not JSON', /SyntaxError: .*JSON/],
  ['a props file that is missing', 'missing', /Error: props file \/assets\/contact-form-props-[0-9a-f]+\.json: HTTP 404/],
  ['a props file that fails to load', 'aborted', /TypeError: Failed to fetch/],
] as const) {
  test(`an island with ${what} shows the error screen in its place`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (failure === 'name') {
      await page.route('**/chatbot', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<div data-island="contact-form"', '<div data-island="contact-form-v2"');
        await route.fulfill({ response, body: html });
      });
    } else if (failure === 'aborted') await page.route(FORM_PROPS, (route) => route.abort());
    else
      await page.route(FORM_PROPS, (route) =>
        route.fulfill(failure === 'missing' ? { status: 404, body: 'Not Found' } : { contentType: 'application/json', body: '{not json' }),
      );
    await page.goto('/chatbot');
    // The page's only island that waits to be visible: the contact form, under whatever name it now has.
    const island = page.locator('[data-island][data-hydrate="visible"]');
    await island.scrollIntoViewIfNeeded();
    const alert = island.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 2 })).toHaveText('Unexpected Application Error!');
    await expect(alert.locator('pre')).toHaveText(message);
    expect(errors).toEqual([]);
  });
}
