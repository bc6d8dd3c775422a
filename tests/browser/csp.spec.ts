import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptCookies, contactForm, revealChatLauncher, toast } from './support/forms.ts';
import { uniqueEmail } from './support/leads.ts';
import { DIST, watchViolations } from './support/policy.ts';
import { localeFile } from './support/site-content.ts';

/** The policy `_headers` sends for every path. */
const headerPolicy = /\/\*\n\s+Content-Security-Policy: (.+)\n/.exec(readFileSync(path.join(DIST, '_headers'), 'utf8'))![1]!;

test('the policy allows no inline script except by hash, and each page carries its part of it as a meta tag too', async ({ page }) => {
  const script = /script-src ([^;]+)/.exec(headerPolicy)![1]!;
  expect(script.split(' ').every((source) => source === "'self'" || /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
  expect(headerPolicy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headerPolicy).toContain("object-src 'none'");
  await page.goto('/');
  const meta = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'))!;
  // The meta policy allows the page's own inline scripts, the header those of every page.
  const hashes = (policy: string) =>
    /script-src ([^;]+)/
      .exec(policy)![1]!
      .split(' ')
      .filter((s) => s !== "'self'");
  expect(hashes(meta).length).toBeGreaterThan(0);
  expect(hashes(meta).every((hash) => hashes(headerPolicy).includes(hash))).toBe(true);
  const withoutScripts = (policy: string) => policy.replace(/script-src [^;]+/, '').replace(/; frame-ancestors 'none'/, '');
  expect(withoutScripts(meta)).toBe(withoutScripts(headerPolicy));
});

test('the policy is enforced: an injected inline script does not run and is reported', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__pwned = true';
    document.body.append(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

// Every built route under the policy: tests/browser/every-route.spec.ts (one load with its axe check).

test('the contact form, its toasts and the chat demo work under the policy', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!); // the banner would cover the chat button
  const violations = await watchViolations(page);
  await page.goto('/');
  await revealChatLauncher(page);
  await page.getByRole('button', { name: localeFile('de').chatDemo.open }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  const f = await contactForm(page);
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(uniqueEmail('csp'));
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  const shown = toast(page, 'Nachricht gesendet');
  await expect(shown).toBeVisible();
  // The toaster is styled (sonner's CSS is allowed by hash): positioned, not in the page flow.
  expect(await shown.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  expect(violations).toEqual([]);
});
