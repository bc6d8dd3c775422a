import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { localeFile, readAs } from './support/site-content.ts';

/**
 * Drafts, scheduling and redirects as a visitor meets them: a scheduled page exists only in a build `--at` a
 * moment after its publishAt (and labelled in a `--drafts` preview); a redirect of content/redirects.yaml is
 * answered by `site serve` with its status, and the page left at the old address takes the visitor on.
 */

const repo = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const PUBLISH_AT = '2026-12-01T09:00:00+01:00';

test.describe('a scheduled page', () => {
  let work: string;
  const servers: RunningServer[] = [];

  test.beforeAll(async () => {
    // Three builds of a small site on a shared machine.
    test.setTimeout(240_000);
    work = await mkdtemp(path.join(tmpdir(), 'site-scheduled-'));
    const content = path.join(work, 'content');
    await cp(path.join(repo, 'tests/fixtures/check/base'), content, { recursive: true });
    const faq = path.join(content, 'pages/faq/de.yaml');
    await writeFile(faq, (await readFile(faq, 'utf8')).replace('header: back', `publishAt: ${PUBLISH_AT}\nheader: back`));
    const build = (out: string, ...args: string[]) =>
      run(process.execPath, [path.join(repo, 'bin/site.js'), 'build', '--content', content, '--out', path.join(work, out), ...args], { cwd: work });
    // One after another: the machine is shared, and each build runs its own pool.
    await build('before', '--at', '2026-12-01T08:59:00+01:00');
    await build('after', '--at', '2026-12-01T09:00:00+01:00');
    await build('preview', '--drafts', '--at', '2026-11-30T12:00:00Z');
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await rm(work, { recursive: true, force: true });
  });

  const serve = async (out: string) => {
    const server = await startServer({ root: path.join(work, out), port: 0, host: '127.0.0.1' });
    servers.push(server);
    return server.url;
  };

  test('is absent before its time, with no link to it, and there from its time on', async ({ page }) => {
    const before = await serve('before');
    expect((await page.goto(`${before}/faq`))!.status()).toBe(404);
    await page.goto(`${before}/`);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Q&A' })).toHaveCount(0);

    const after = await serve('after');
    await page.goto(`${after}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Q&A' }).click();
    await expect(page).toHaveURL(`${after}/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fragen und Antworten');
    await expect(page.getByText(/Geplant für/)).toHaveCount(0);
  });

  test('shows in a --drafts preview with its label, kept out of search engines', async ({ page }) => {
    const preview = await serve('preview');
    await page.goto(`${preview}/faq`);
    await expect(page.getByText('Geplant für 1. Dezember 2026 um 09:00 (UTC+01:00)')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('a redirect of content/redirects.yaml', () => {
  test('site serve answers the old address with 301 and the new Location; the browser lands on the section', async ({ page, request }) => {
    const answer = await request.get('/kontakt', { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe('/#contact');
    const french = await request.get('/fr/contact?utm_source=flyer', { maxRedirects: 0 });
    expect([french.status(), french.headers().location]).toEqual([301, '/fr?utm_source=flyer#contact']);

    await page.goto('/kontakt');
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('the page left at the old address shows a link to the new one and takes the visitor there', async ({ page }) => {
    // The fallback page as a host without redirects serves it: its refresh takes the browser on by itself.
    await page.goto('/kontakt/index.html');
    await expect(page).toHaveURL(/\/#contact$/);

    // With the refresh held back (a browser that ignores it), the visible link does the same.
    await page.route('**/kontakt/index.html', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/<meta http-equiv="refresh"[^>]*>/, '') });
    });
    await page.goto('/kontakt/index.html');
    const { movedTitle, movedLink } = localeFile('de').publishing;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(readAs(movedTitle));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await page.getByRole('link', { name: readAs(movedLink) }).click();
    await expect(page).toHaveURL(/\/#contact$/);
  });
});
