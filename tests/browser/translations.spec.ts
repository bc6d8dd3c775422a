import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startDevSite, type DevSite } from './support/dev-site.ts';

/**
 * The translation status page of `site dev` (/_translations/): after the German source of a translated string
 * changes, a reload lists the string as stale, with its place in the translation file and both texts.
 */

const repo = path.resolve(import.meta.dirname, '../..');
test.setTimeout(90_000);
let site: DevSite;

test.beforeAll(async () => {
  site = await startDevSite('check/base', async (_work, content) => {
    await cp(path.join(repo, 'tests/fixtures/translations'), content, { recursive: true });
    await promisify(execFile)(process.execPath, [path.join(repo, 'bin/site.js'), 'translations', '--content', content, '--accept', 'en']);
  });
});
test.afterAll(async () => site.stop());

test('the translation page lists a stale string after the German source changes', async ({ page }) => {
  await page.goto(`${site.url}/_translations/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Translation status' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  const strings = page.getByRole('table', { name: 'Open strings' });
  await expect(strings.getByRole('row').filter({ hasText: 'untranslated' })).toContainText('sections(savings#1).title');
  await expect(strings.getByRole('row').filter({ hasText: 'stale' })).toHaveCount(0);

  const de = path.join(site.content, 'pages/home/de.yaml');
  await writeFile(de, (await readFile(de, 'utf8')).replace('title: Warum wir', 'title: Warum gerade wir'));
  await page.reload();
  const stale = strings.getByRole('row').filter({ hasText: 'stale' });
  await expect(stale).toHaveCount(1);
  await expect(stale).toContainText('en · home');
  await expect(stale).toContainText(/pages\/home\/en\.yaml:\d+:12/);
  await expect(stale).toContainText('sections(ki-zentrale-plattform).title');
  await expect(stale).toContainText('Warum gerade wir');
  await expect(stale).toContainText('Why us');
  // The stylesheet beside the page loads under the site's policy (no inline styles).
  expect(await stale.locator('.state').evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
