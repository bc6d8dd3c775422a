import { expect, test } from '@playwright/test';

/** Each indexable page's og:image is its own card: a 1200 × 630 image the built site serves, announced with that size. */

for (const route of ['/', '/fr/education', '/chatbot']) {
  test(`og:image of ${route} resolves to a 1200 × 630 image of its own`, async ({ page }) => {
    await page.goto(route);
    const content = (name: string) => page.locator(`meta[property="${name}"]`).getAttribute('content');
    const image = new URL((await content('og:image'))!);
    expect(image.pathname).toMatch(/^\/social\/[a-z0-9-]+-[0-9a-f]{10}\.png$/);
    expect(await content('og:image:width')).toBe('1200');
    expect(await content('og:image:height')).toBe('630');
    expect(await content('og:image:alt')).toBe(await page.title());
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(image.href);
    // Served by this site (the absolute URL names the production host): the browser decodes it at its announced size.
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, image.pathname);
    expect(size).toEqual({ width: 1200, height: 630 });
    const response = await page.request.get(image.pathname);
    expect(response.headers()['content-type']).toBe('image/png');
  });
}

test('the pages have different cards, and a noindex page keeps the shared preview', async ({ page }) => {
  const images = new Set<string>();
  for (const route of ['/', '/en', '/education']) {
    await page.goto(route);
    images.add((await page.locator('meta[property="og:image"]').getAttribute('content'))!);
  }
  expect(images.size).toBe(3);
  await page.goto('/leitfaden');
  expect(new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!).pathname).toBe('/og-image.png');
});
