import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contactForm } from './support/forms.ts';

/** `site dev` on a copy of the content: an edit shows in the open page without a navigation. */

const repo = path.resolve(import.meta.dirname, '../..');
let work: string;
let content: string;
let dev: ChildProcess;
let url: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-dev-browser-'));
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
});

test.afterAll(async () => {
  dev.kill('SIGTERM');
  await new Promise((resolve) => dev.once('exit', resolve));
  await rm(work, { recursive: true, force: true });
});

async function edit(relative: string, from: string, to: string): Promise<void> {
  const file = path.join(content, relative);
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

/** Opens a route as a returning visitor, ready for edits; returns how many navigations followed the load. */
async function open(page: Page, route: string): Promise<() => number> {
  await page.context().addCookies([{ name: 'cookie-consent', value: 'accepted', url }]);
  await page.goto(`${url}${route}`);
  let navigations = 0;
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));
  // The event stream must be connected before the edit.
  await page.waitForTimeout(300);
  return () => navigations;
}

test('a page edit swaps the new content into the open page, without reloading it', async ({ page }) => {
  const navigations = await open(page, '/faq');
  await edit('pages/faq/de.yaml', '    title: Häufig gestellte Fragen', '    title: Fragen und Antworten');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fragen und Antworten');
  expect(navigations()).toBe(0);
});

test('a description edit swaps the meta tags and the structured data too, without reloading the page', async ({ page }) => {
  const navigations = await open(page, '/en');
  await edit('pages/home/en.yaml', 'Mistral in one', 'Mistral together in one');
  const description = page.locator('meta[name=description]');
  await expect(description).toHaveAttribute('content', /Mistral together in one/);
  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(structured.description).toBe(await description.getAttribute('content'));
  expect(navigations()).toBe(0);
});

test('islands of the swapped page wake again: the contact form hydrates and validates', async ({ page }) => {
  await open(page, '/');
  await edit('pages/home/de.yaml', '    title: Alle führenden KI-Modelle.', '    title: Alle KI-Modelle.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alle KI-Modelle.');
  const form = await contactForm(page);
  // The submit button follows the privacy checkbox only once React runs the form.
  const submit = form.locator('button[type=submit]');
  await expect(submit).toBeDisabled();
  await form.locator('[name=privacy_consent]').check();
  await expect(submit).toBeEnabled();
});
