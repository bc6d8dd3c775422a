import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { openLive, startDevSite, type DevSite } from './support/dev-site.ts';

/**
 * `site dev` runs `site check`'s rules after each rebuild and shows the findings in the terminal and in an
 * overlay on the open page: where (file:line:col, a link that opens it), the YAML around it, the hint.
 * The page stays visible under it, and the findings go once fixed.
 */

// The findings come after the check, which runs after the rebuild: on a loaded 2-core machine that takes
// longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(90_000);

let site: DevSite;
let editorDir: string;
const FAQ = 'pages/faq/de.yaml';
const BODY = 'body: [Inhalt der Seite Fragen und Antworten.]';
const BROKEN = 'body: ["Inhalt der Seite [Preise](/preise)."]';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // "$EDITOR" is a script that notes how it was called.
  editorDir = await mkdtemp(path.join(tmpdir(), 'site-dev-editor-'));
  const editor = path.join(editorDir, 'editor.sh');
  await writeFile(editor, `#!/bin/sh\necho "$@" > "${path.join(editorDir, 'called')}"\n`);
  await chmod(editor, 0o755);
  site = await startDevSite('check/base', undefined, { SITE_EDITOR: editor });
});
test.afterAll(async () => {
  await site.stop();
  await rm(editorDir, { recursive: true, force: true });
});

const faq = () => path.join(site.content, FAQ);
async function replaceInFaq(from: string, to: string): Promise<void> {
  const text = await readFile(faq(), 'utf8');
  expect(text).toContain(from);
  await writeFile(faq(), text.replace(from, to));
}

test('a broken link shows in the overlay with its place, the YAML around it, the hint and an editor link; fixed, it goes', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  await replaceInFaq(BODY, BROKEN);
  const dialog = page.getByRole('dialog', { name: /1 error/ });
  await expect(dialog).toBeVisible();
  const finding = dialog.getByRole('listitem').filter({ hasText: 'link-broken' });
  await expect(finding).toContainText('link to /preise points at no output file');
  const where = finding.getByRole('link', { name: /pages\/faq\/de\.yaml:10:39$/ });
  await expect(where).toHaveAttribute('href', `vscode://file${faq()}:10:39`);
  await expect(finding.getByLabel(/YAML around/)).toContainText(`> 10 |     ${BROKEN}`);
  await expect(finding).toContainText('Hint: fix the href in the content, or add the page it links to');
  // The page under the overlay is the rebuilt one, and readable.
  await expect(page.getByRole('region', { name: 'Fragen und Antworten' }).getByRole('link', { name: 'Preise' })).toBeVisible();
  // The terminal says the same.
  await expect.poll(() => site.output()).toMatch(/link-broken\n.*\n +source +\S*pages\/faq\/de\.yaml:10:39/);

  await replaceInFaq(BROKEN, BODY);
  await expect(page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'link-broken' })).toHaveCount(0);
});

test('Escape and the close button hide the overlay; the next finding shows it again', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  await replaceInFaq(BODY, BROKEN);
  const dialog = page.getByRole('dialog', { name: /1 error/ });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await replaceInFaq(BROKEN, BROKEN.replace('/preise', '/kosten'));
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close (Escape)' });
  await close.focus();
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await replaceInFaq(BROKEN.replace('/preise', '/kosten'), BODY);
});

test('a content error shows over the last good page until it is fixed', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  await replaceInFaq('header: back', 'header: bak');
  const dialog = page.getByRole('dialog', { name: /error.*last good build/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /pages\/faq\/de\.yaml:6:\d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fragen und Antworten');
  await replaceInFaq('header: bak', 'header: back');
  await expect(page.getByRole('dialog', { name: /error/ })).toHaveCount(0);
});

test('"Open in $EDITOR" runs the editor at the finding\'s line', async ({ page }) => {
  await openLive(page, `${site.url}/faq`);
  await replaceInFaq(BODY, BROKEN);
  const finding = page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'link-broken' });
  await finding.getByRole('button', { name: 'Open in $EDITOR' }).click();
  await expect(finding.getByRole('status')).toHaveText('opened');
  await expect.poll(() => readFile(path.join(editorDir, 'called'), 'utf8').catch(() => '')).toBe(`+10 ${faq()}\n`);
  await replaceInFaq(BROKEN, BODY);
});
