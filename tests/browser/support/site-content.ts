import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { parse } from 'yaml';

/** The figures and company details of content/site.yaml, so tests compare against the source, not copies. */
export const site = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8'), { customTags: [{ tag: '!placeholder', resolve: (value: string) => value }] }) as {
  email: string;
  company: Record<string, string | number>;
  constants: {
    chatbot: Record<'standard' | 'intake' | 'setup', Record<'months12' | 'months6' | 'months1', number>> & {
      smallSolution: { price: number; setup: number; staff: number; chats: number };
      booking: number;
    };
    terms: Record<string, number | string>;
    cookies: { consentName: string; consentMaxAgeSeconds: number; sidebarStateName: string; sidebarStateDays: number };
    comparison: Record<string, { price: number }>;
    savings: Record<string, { percent: number; plan: string; against: string[] }>;
    plans: Record<string, { price: number }>;
    privacy: { contactRetentionMonths: number };
  };
};

/** German euro format as the pages print it (no-break space before €). */
export function euro(value: number): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value);
}

/** Titles of the page's top-level sections, in document order. */
export async function sectionTitles(page: Page): Promise<string[]> {
  return page.locator('main > section').evaluateAll((sections) =>
    sections.map((s) => {
      const id = s.getAttribute('aria-labelledby');
      return (id ? document.getElementById(id)?.textContent : s.querySelector('h1, h2')?.textContent)?.trim() ?? '';
    }),
  );
}

/** Pages in a fresh context show the cookie banner; tests that are not about it accept it up front. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: site.constants.cookies.consentName, value: 'accepted', url: baseURL ?? 'http://127.0.0.1' }]);
}
