import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import { loadContent } from '../../../src/content/load.ts';
import type { LocaleStrings } from '../../../src/schema/locale.ts';

/** Every page with a contact form in the spec (SPEC §2, §3) and what its payload must hold, key for key. */
export interface FormRoute {
  route: string;
  locale: 'de' | 'fr' | 'en' | 'es';
  variant: 'business' | 'education';
  /** Payload keys in the spec's order. */
  keys: string[];
  /** What an empty company becomes: '' (German business form) or null. */
  emptyCompany: '' | null;
  /** Products the form ticks before the visitor does (the chatbot page presets chatbot). */
  preset?: string[];
}

const business = ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'];
const education = ['name', 'email', 'company', 'message', 'privacy_consent'];

export const FORM_ROUTES: FormRoute[] = [
  { route: '/', locale: 'de', variant: 'business', keys: ['name', 'email', 'company', 'subject', 'message', 'privacy_consent'], emptyCompany: '' },
  { route: '/fr', locale: 'fr', variant: 'business', keys: business, emptyCompany: null },
  { route: '/en', locale: 'en', variant: 'business', keys: business, emptyCompany: null },
  { route: '/es', locale: 'es', variant: 'business', keys: business, emptyCompany: null },
  { route: '/education', locale: 'de', variant: 'education', keys: education, emptyCompany: null },
  { route: '/fr/education', locale: 'fr', variant: 'education', keys: education, emptyCompany: null },
  { route: '/en/education', locale: 'en', variant: 'education', keys: education, emptyCompany: null },
  { route: '/es/education', locale: 'es', variant: 'education', keys: ['name', 'email', 'company', 'subject', 'message', 'privacy_consent'], emptyCompany: null },
  { route: '/chatbot', locale: 'de', variant: 'business', keys: business, emptyCompany: null, preset: ['chatbot'] },
];

/** Whether the last build wrote this route (other pages land as their content is written). */
export function isBuilt(route: string): boolean {
  return existsSync(path.join('dist', route, 'index.html'));
}

let strings: Promise<Partial<Record<string, LocaleStrings>>> | undefined;
/** The locale strings the build used, for toasts of locales whose exact wording the spec leaves open. */
export function localeStrings(locale: string): Promise<LocaleStrings> {
  strings ??= loadContent('content').then((r) => {
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    return r.value.locales;
  });
  return strings.then((all) => {
    const found = all[locale];
    if (!found) throw new Error(`no locale strings for ${locale}`);
    return found;
  });
}

/** The cookie banner covers the bottom of the page; a decided visitor does not see it. */
export async function acceptCookies(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
}

/** Scrolls to the page's contact form and waits for it to hydrate (strategy 'visible'). */
export async function contactForm(page: Page) {
  const island = page.locator('[data-island="contact-form"]').first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('data-hydrated', '');
  return island.locator('form');
}

export function isContactCall(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/functions/v1/rapid-worker';
}

/** The toast with this title (sonner renders toasts as list items in the shared Toaster). */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
}
