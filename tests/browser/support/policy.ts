import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const DIST = path.resolve(import.meta.dirname, '../../../dist');

/** Every route the last build wrote (`site build` first): index.html files, plus the 404 page at an unknown path. */
export function builtRoutes(dir = DIST, prefix = ''): string[] {
  const routes: string[] = [];
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    if (item.isDirectory() && item.name !== 'assets') routes.push(...builtRoutes(path.join(dir, item.name), `${prefix}/${item.name}`));
    else if (item.name === 'index.html') routes.push(prefix || '/');
    else if (item.name === '404.html' && !prefix) routes.push('/this-page-does-not-exist');
  }
  return routes.sort();
}

/** Records every CSP violation (the event) and every console line about the policy. */
export async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`);
    });
  });
  page.on('console', (m) => void (/content security policy/i.test(m.text()) && seen.push(`console: ${m.text()}`)));
  return seen;
}
