/**
 * What a real browser downloads: Debian's Chromium (phone-sized window) against `site serve` (with its
 * brotli/gzip files), recording every script response. Sizes are reported as gzip -9 of the files (the
 * budgets' unit) and as the bytes actually transferred.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

export interface ScriptLoad {
  url: string;
  gzip: number;
  transferred: number;
}

export interface ScriptScenario {
  label: string;
  scripts: ScriptLoad[];
  gzip: number;
  transferred: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Records the scripts a page fetches from now on. */
function recordScripts(page: Page, outDir: string): () => Promise<ScriptLoad[]> {
  const seen: Promise<ScriptLoad>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url()).pathname;
    seen.push(
      (async () => {
        const sizes = await request.sizes();
        const file = await readFile(path.join(outDir, url));
        return { url, gzip: gzipSync(file, { level: 9 }).byteLength, transferred: sizes.responseBodySize + sizes.responseHeadersSize };
      })(),
    );
  });
  return async () => {
    const loads = await Promise.all(seen);
    return [...new Map(loads.map((l) => [l.url, l])).values()];
  };
}

function scenario(label: string, scripts: ScriptLoad[]): ScriptScenario {
  return { label, scripts, gzip: scripts.reduce((s, l) => s + l.gzip, 0), transferred: scripts.reduce((s, l) => s + l.transferred, 0) };
}

/** Lets idle-time islands wake (the loader's idle timeout is 2 s) and the network settle. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');
}

async function newVisitor(browser: Browser, url: string, returning: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.6, isMobile: true, hasTouch: true });
  if (returning) await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url }]);
  return context;
}

/**
 * The home page's scripts: a returning visitor reading the top; a first visitor who then scrolls to
 * the contact form, opens and closes the chat demo (every island awake); and that visitor's first
 * submit (the backend client).
 */
export async function homePageScripts(browser: Browser, baseUrl: string, outDir: string): Promise<ScriptScenario[]> {
  const returning = await newVisitor(browser, baseUrl, true);
  const top = await returning.newPage();
  const topScripts = recordScripts(top, outDir);
  await top.goto(`${baseUrl}/`);
  await settle(top);
  const results = [scenario('returning visitor reads the top of /', await topScripts())];
  await returning.close();

  const first = await newVisitor(browser, baseUrl, false);
  const page = await first.newPage();
  const scripts = recordScripts(page, outDir);
  await page.goto(`${baseUrl}/`);
  await settle(page);
  const onLoad = await scripts();
  results.push(scenario('first visit to / (cookie banner shows, no script for it)', onLoad));
  // On a phone the banner covers the chat button: the visitor decides first (German decline stores nothing).
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.locator('[data-island="contact-form"][data-hydrated]').waitFor();
  const chat = page.locator('[data-island="chat-demo"] button').first();
  await chat.hover();
  await chat.click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await settle(page);
  const woken = await scripts();
  results.push(scenario('every island of / hydrated (contact form, chat demo, toaster code)', woken));

  const form = page.locator('#contact form');
  await form.locator('[name="name"]').fill('Bench Besucherin');
  await form.locator('[name="email"]').fill('bench@example.com');
  await form.locator('[name="subject"]').fill('Messung');
  await form.locator('[name="message"]').fill('Diese Anfrage misst, was der erste Versand lädt.');
  await form.locator('[name="privacy_consent"]').check();
  await form.locator('button[type="submit"]').click();
  // The form says it in place and in a toast: either one means the request was sent.
  await page.getByText('Nachricht gesendet').first().waitFor();
  const afterSubmit = await scripts();
  const added = afterSubmit.filter((s) => !woken.some((w) => w.url === s.url));
  results.push(scenario('added by the first contact submit', added));
  await first.close();
  return results;
}

/** Scripts a returning visitor downloads on each static route (no forms, no chat demo). */
export async function staticRouteScripts(browser: Browser, baseUrl: string, outDir: string, routes: readonly string[]): Promise<ScriptScenario[]> {
  const context = await newVisitor(browser, baseUrl, true);
  const out: ScriptScenario[] = [];
  for (const route of routes) {
    const page = await context.newPage();
    const scripts = recordScripts(page, outDir);
    await page.goto(`${baseUrl}${route}`);
    await settle(page);
    out.push(scenario(route, await scripts()));
    await page.close();
  }
  await context.close();
  return out;
}
