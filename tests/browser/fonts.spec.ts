/**
 * #15's font budget: a first visit downloads at most 40 KB of web fonts (woff2), and the page's text is set in
 * the self-hosted Inter, not left to the fallback. de/fr/en/es copy stays inside the latin subset, so the
 * latin-ext files (declared with their unicode-ranges) are never fetched for it; /chatbot's dashboard names a
 * customer with a Latin Extended-A letter, and its first visit stays within the budget too.
 */
import { expect, test } from '@playwright/test';

const FONT_BUDGET_BYTES = 40 * 1024;

const LATIN_ONLY = ['/', '/fr', '/es/education', '/impressum'];

for (const route of [...LATIN_ONLY, '/chatbot']) {
  test(`${route}: a first visit downloads ≤ 40 KB of woff2 and sets its text in Inter`, async ({ page }) => {
    const fonts: { path: string; bytes: number; type: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'font') return;
      const body = await response.body();
      fonts.push({ path: new URL(response.url()).pathname, bytes: body.byteLength, type: response.headers()['content-type'] ?? '' });
    });
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // A preloaded font is fetched whether or not it arrived before first paint (font-display: optional).
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', ''));
    });
    expect(faces).toContain('Inter Variable');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.path).toMatch(LATIN_ONLY.includes(route) ? /^\/assets\/inter-latin-[0-9a-f]+\.woff2$/ : /^\/assets\/inter-latin(-ext)?-[0-9a-f]+\.woff2$/);
      expect(font.type).toBe('font/woff2');
    }
    const total = fonts.reduce((sum, font) => sum + font.bytes, 0);
    expect(total, fonts.map((f) => `${f.path} ${f.bytes} B`).join(', ')).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
  });
}
