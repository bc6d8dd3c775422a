import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openLive, startDevSite, type DevSite } from './support/dev-site.ts';

/**
 * `site dev` keeps seeing every file however it is saved: editors and tools that replace a file instead of
 * writing into it (rename-save, `sed -i`, `git checkout`), deletions, new folders, renamed folders; and a
 * burst of many files costs one rebuild. Each test edits, then edits again the plain way: the second edit
 * showing proves the watcher did not lose the file after the first.
 */

let site: DevSite;
const FAQ = 'pages/faq/de.yaml';
const TITLE = '    title: Fragen und Antworten';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The site's root is a git repository (for the checkout test); the FAQ page has a second version committed.
  site = await startDevSite('check/base', async (work, content) => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: work, stdio: 'ignore' });
    git('init', '-q');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.org', 'add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', 'v1');
    const faq = path.join(content, FAQ);
    await writeFile(faq, (await readFile(faq, 'utf8')).replace(TITLE, '    title: Version zwei'));
    git('-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qam', 'v2');
  });
});

test.afterAll(async () => site.stop());

const file = (relative: string) => path.join(site.content, relative);

/** Writes the FAQ page with the given heading, in place (the way most editors save). */
async function writeFaq(title: string): Promise<void> {
  const text = await readFile(file(FAQ), 'utf8');
  await writeFile(file(FAQ), text.replace(/^ {4}title: .*$/m, `    title: ${title}`));
}

async function expectHeading(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

/** The page file of a new route with its heading. */
function pageFile(slug: string, title: string): string {
  return `slug: ${slug}\nmeta:\n  title: ${title}\n  description: Eine neue Seite.\nheader: back\nsections:\n  - type: richText\n    title: ${title}\n    body: [Text.]\n`;
}

test('rename-save (write a temp file, rename it over the page): this edit and later ones show', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  const text = await readFile(file(FAQ), 'utf8');
  await writeFile(file(`${FAQ}.swp`), text.replace(/^ {4}title: .*$/m, '    title: Umbenannt gespeichert'));
  await rename(file(`${FAQ}.swp`), file(FAQ));
  await expectHeading(page, 'Umbenannt gespeichert');
  await writeFaq('Danach normal gespeichert');
  await expectHeading(page, 'Danach normal gespeichert');
});

test('sed -i: this edit and later ones show', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  execFileSync('sed', ['-i', 's/^    title: .*$/    title: Mit sed geändert/', file(FAQ)]);
  await expectHeading(page, 'Mit sed geändert');
  execFileSync('sed', ['-i', 's/^    title: .*$/    title: Noch einmal mit sed/', file(FAQ)]);
  await expectHeading(page, 'Noch einmal mit sed');
  await writeFaq('Nach sed normal gespeichert');
  await expectHeading(page, 'Nach sed normal gespeichert');
});

test('delete and re-create: the route goes away, then comes back with the new text', async ({ page, request }) => {
  await openLive(page, `${site.url}/faq`);
  const text = await readFile(file(FAQ), 'utf8');
  await rm(file(FAQ));
  await expect.poll(async () => (await request.get(`${site.url}/faq`)).status()).toBe(404);
  await writeFile(file(FAQ), text.replace(/^ {4}title: .*$/m, '    title: Neu angelegt'));
  await expect.poll(async () => (await request.get(`${site.url}/faq`)).status()).toBe(200);
  await openLive(page, `${site.url}/faq`);
  await expectHeading(page, 'Neu angelegt');
  await writeFaq('Nach dem Neuanlegen geändert');
  await expectHeading(page, 'Nach dem Neuanlegen geändert');
});

test('a new file in a new folder is a new route, and its edits show; so do edits after its folder is renamed', async ({ page, request }) => {
  await mkdir(file('pages/preise'));
  await writeFile(file('pages/preise/de.yaml'), pageFile('preise', 'Preise'));
  await expect.poll(async () => (await request.get(`${site.url}/preise`)).status()).toBe(200);
  await openLive(page, `${site.url}/preise`);
  await expectHeading(page, 'Preise');
  await writeFile(file('pages/preise/de.yaml'), pageFile('preise', 'Preise und Pakete'));
  await expectHeading(page, 'Preise und Pakete');

  // The folder names the page family, not the route: after the rename the route stays, and the file in
  // the renamed folder is still watched.
  await rename(file('pages/preise'), file('pages/kosten'));
  await writeFile(file('pages/kosten/de.yaml'), pageFile('preise', 'Kosten im Überblick'));
  await expectHeading(page, 'Kosten im Überblick');
});

test('git checkout of another version of a file shows that version, and later edits still show', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  execFileSync('git', ['checkout', '-q', 'HEAD~1', '--', `content/${FAQ}`], { cwd: site.work });
  await expectHeading(page, 'Fragen und Antworten');
  execFileSync('git', ['checkout', '-q', 'HEAD', '--', `content/${FAQ}`], { cwd: site.work });
  await expectHeading(page, 'Version zwei');
  await writeFaq('Nach dem Checkout geändert');
  await expectHeading(page, 'Nach dem Checkout geändert');
});

// How events group into bursts is a rule about time, tested on a fake clock (tests/unit/dev/watch-bursts.test.ts);
// here the real watcher on a real tree: every page of a burst is served, and the burst did not cost a rebuild a file.
test('50 files changed at once are all served after a few rebuilds, not one rebuild each', async ({ request }) => {
  const before = site.rebuilds();
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      await mkdir(file(`pages/viele-${i}`));
      await writeFile(file(`pages/viele-${i}/de.yaml`), pageFile(`viele-${i}`, `Seite ${i}`));
    }),
  );
  for (let i = 0; i < 50; i++) await expect.poll(async () => (await request.get(`${site.url}/viele-${i}`)).status()).toBe(200);
  expect(site.rebuilds() - before).toBeLessThan(50);
});
