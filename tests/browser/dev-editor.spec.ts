import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/** The /admin editor of `site dev`, on a copy of the content: edit, preview, save, refuse. */

const repo = path.resolve(import.meta.dirname, '../..');
let work: string;
let content: string;
let dev: ChildProcess;
let url: string;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The machine these run on is shared: answers wait for the dev server's check runs.
const SLOW = { timeout: 20_000 };

test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-editor-browser-'));
  content = path.join(work, 'content');
  await cp(path.join(repo, 'content'), content, { recursive: true });
  dev = spawn(process.execPath, [path.join(repo, 'bin/site.js'), 'dev', '--content', content, '--port', '0', '--data', path.join(work, 'data')], { env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  url = await new Promise<string>((resolve, reject) => {
    dev.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /dev server at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    dev.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${out}`)));
  });
  // The first request for the editor's script bundles it (seconds on a busy machine): once, here.
  expect((await fetch(`${url}/__site/editor/app.js`)).status).toBe(200);
});

test.afterAll(async () => {
  dev.kill('SIGTERM');
  await new Promise((resolve) => dev.once('exit', resolve));
  await rm(work, { recursive: true, force: true });
});

function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [`-${line}`, `+${b[i]}`]));
}

test('editing the French hero title previews it at once, saves one line, and the build shows it', async ({ page }) => {
  const file = path.join(content, 'pages/home/fr.yaml');
  const before = await readFile(file, 'utf8');
  await page.context().addCookies([{ name: 'cookie-consent', value: 'accepted', url }]);
  await page.goto(`${url}/admin#pages/home/fr.yaml`);
  const title = page.locator('#root_sections_0_title');
  await expect(title).toBeVisible(SLOW);
  const old = await title.inputValue();
  const preview = page.frameLocator('iframe[title^="Preview"]');
  await expect(preview.locator('h1')).toContainText(old.replace(/\*\*/g, '').slice(0, 12));
  // Wait until the preview's live stream is connected, as an author would have.
  await page.waitForTimeout(500);

  // The German source shows beside the French string.
  await expect(page.locator('.source').filter({ hasText: 'Alle führenden KI-Modelle' }).first()).toBeVisible();

  const next = 'Toutes les IA, réunies en un seul endroit';
  await title.fill(next);
  await expect(preview.locator("h1")).toContainText(next, SLOW);
  // Nothing is written before Save.
  expect(await readFile(file, 'utf8')).toBe(before);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved pages/home/fr.yaml.', SLOW);
  const after = await readFile(file, 'utf8');
  expect(changedLines(before, after)).toEqual([`-    title: ${old}`, `+    title: ${next}`]);

  const out = path.join(work, 'dist');
  await promisify(execFile)(process.execPath, [path.join(repo, 'bin/site.js'), 'build', '--content', content, '--out', out], { cwd: work });
  const html = await readFile(path.join(out, 'fr/index.html'), 'utf8');
  expect(html).toContain(next);
  // The editor is not part of what visitors get.
  expect(html).not.toContain('/__site/editor');
  expect(html).not.toContain('/admin');
});

test('an invalid price is shown with the check’s message and never written', async ({ page }) => {
  const file = path.join(content, 'site.yaml');
  const before = await readFile(file, 'utf8');
  await page.goto(`${url}/admin#site.yaml`);
  const price = page.locator('#root_constants_plans_standard_price');
  await expect(price).toBeVisible(SLOW);
  await price.fill('-5');
  // The loader's message (`site check` says the same), under the field and in the list.
  const message = 'Too small: expected number to be >=0';
  await expect(page.locator('#root_constants_plans_standard_price__error')).toHaveText(message, SLOW);
  await expect(price).toHaveAttribute('aria-describedby', /root_constants_plans_standard_price__error/);
  await expect(page.getByRole('alert')).toContainText('site.yaml:43:24 invalid-value: Too small: expected number to be >=0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('nothing was saved', SLOW);
  expect(await readFile(file, 'utf8')).toBe(before);
});

test('a cross-origin POST is refused and changes nothing', async ({ page, request }) => {
  const file = path.join(content, 'pages/home/fr.yaml');
  const before = await readFile(file, 'utf8');
  // A page of another site posting to the editor the way a hostile page can: a form, no preflight.
  const target = `${url}/__site/editor/api/save`;
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!DOCTYPE html><form method="post" enctype="text/plain" action="${target}"><input name='{"path":"pages/home/fr.yaml","data":{},"x":"' value='"}'><button>go</button></form>`,
    }),
  );
  await page.goto('http://attacker.test/');
  const [answer] = await Promise.all([page.waitForResponse(target), page.getByRole('button', { name: 'go' }).click()]);
  expect(answer.status()).toBe(403);
  expect(answer.request().headers().origin).toBe('http://attacker.test');
  await expect(page.locator('body')).toContainText('cross-origin request refused');
  // The same request where its answer can be read: refused for its Origin, and without the token.
  const refused = await request.post(`${url}/__site/editor/api/save`, { headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, data: { path: 'pages/home/fr.yaml', data: {} } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('cross-origin request refused');
  const noToken = await request.post(`${url}/__site/editor/api/save`, { headers: { origin: url, 'content-type': 'application/json' }, data: { path: 'pages/home/fr.yaml', data: {} } });
  expect(noToken.status()).toBe(403);
  expect((await noToken.json()).error).toContain('editor token');
  expect(await readFile(file, 'utf8')).toBe(before);
});

test('site serve has no editor: /admin and its script are unknown paths there', async ({ request, baseURL }) => {
  // baseURL is the suite's `site serve` of dist/ (playwright.config.ts).
  for (const route of ['/admin', '/__site/editor/app.js', '/__site/editor/api/files']) {
    const answer = await request.get(`${baseURL}${route}`);
    expect(answer.status(), route).toBe(404);
  }
});
