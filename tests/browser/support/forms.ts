import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Request } from '@playwright/test';
import type { StoredContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import type { LocaleStrings } from '../../../src/schema/locale.ts';
import { uniqueEmail } from './leads.ts';
import { siteModel } from './site-content.ts';
import { expectHydrated } from './hydration.ts';

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
  {
    route: '/es/education',
    locale: 'es',
    variant: 'education',
    keys: ['name', 'email', 'company', 'subject', 'message', 'privacy_consent'],
    emptyCompany: null,
  },
  { route: '/chatbot', locale: 'de', variant: 'business', keys: business, emptyCompany: null, preset: ['chatbot'] },
];

/** Whether the last build wrote this route (other pages land as their content is written). */
export function isBuilt(route: string): boolean {
  return existsSync(path.join('dist', route, 'index.html'));
}

/** The locale strings the build used, for toasts of locales whose exact wording the spec leaves open. */
export async function localeStrings(locale: string): Promise<LocaleStrings> {
  const found = (await siteModel()).locales[locale];
  if (!found) throw new Error(`no locale strings for ${locale}`);
  return found;
}

/** The cookie banner covers the bottom of the page; a decided visitor does not see it. */
/**
 * Scrolls to the first place below the first screen where the floating chat button shows, so a test can click it
 * as a visitor would: it waits while the hero fills the screen (styles.css, `launcher-in`).
 */
export async function revealChatLauncher(page: Page, options: { loader: 'started' | 'held' } = { loader: 'started' }): Promise<void> {
  // Clicked as a visitor does once the page's loader runs; a test that holds the loader back clicks before it.
  if (options.loader === 'started') {
    await page.waitForFunction(() => (window as Window & { siteEarlyClicks?: { done?: boolean } }).siteEarlyClicks?.done === true);
  }
  const shown = await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const button = document.querySelector<HTMLElement>('.chat-launcher');
    if (!button) return false;
    const last = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = window.innerHeight; y <= last; y += 50) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      await frame();
      const style = getComputedStyle(button);
      if (style.pointerEvents === 'none' || style.visibility === 'hidden') continue;
      // Its fade-in (a CSS transition) ends before a visitor would click.
      await Promise.all(
        button
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      );
      return true;
    }
    return false;
  });
  if (!shown) throw new Error('the chat button shows at no scroll position below the first screen');
}

export async function acceptCookies(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
}

/** Scrolls to the page's contact form and waits for it to hydrate (strategy 'visible'). */
export async function contactForm(page: Page) {
  const island = page.locator('[data-island="contact-form"]').first();
  await island.scrollIntoViewIfNeeded();
  await expectHydrated(island);
  return island.locator('form');
}

export function isContactCall(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/functions/v1/rapid-worker';
}

/** The toast with this title (sonner renders toasts as list items in the shared Toaster). */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
}

/**
 * Fills a form as a visitor would (company left empty, two products where the visitor picks them),
 * submits, and checks the request body key for key against the spec, the success toast, the reset,
 * and the stored row field for field.
 */
export async function submitAndVerify(page: Page, form: FormRoute, stored: (email: string) => Promise<StoredContactRequest[]>): Promise<void> {
  const strings = await localeStrings(form.locale);
  const email = uniqueEmail('form');
  await page.goto(form.route);
  const f = await contactForm(page);

  await f.locator('[name=name]').fill('Erika Musterfrau');
  await f.locator('[name=email]').fill(email);
  if (form.keys.includes('products') && !form.preset) {
    await f.locator('[name=products][value=chatbot]').check();
    await f.locator('[name=products][value=website]').check();
  }
  if (form.keys.includes('subject')) await f.locator('[name=subject]').fill('Angebot für 12 Nutzer');
  await f.locator('[name=message]').fill('Bitte rufen Sie mich an.\nAm besten vormittags.');
  if (form.variant === 'education') await expect(f.locator('[name=message]')).toHaveAttribute('rows', '6');
  for (const absent of ['company', 'products', 'subject'].filter((key) => !form.keys.includes(key))) await expect(f.locator(`[name=${absent}]`)).toHaveCount(0);
  const submit = f.locator('button[type=submit]');
  await expect(submit).toBeDisabled();
  await f.locator('[name=privacy_consent]').check();
  await expect(submit).toBeEnabled();

  const sent = page.waitForRequest(isContactCall);
  await submit.click();
  const request = await sent;
  const body = request.postDataJSON() as Record<string, unknown>;
  const typed: Record<string, unknown> = {
    name: 'Erika Musterfrau',
    email,
    company: form.emptyCompany,
    products: form.preset ? form.preset.join(',') : 'website,chatbot',
    subject: 'Angebot für 12 Nutzer',
    message: 'Bitte rufen Sie mich an.\nAm besten vormittags.',
    privacy_consent: true,
  };
  expect(Object.keys(body)).toEqual(form.keys);
  expect(body).toEqual(Object.fromEntries(form.keys.map((key) => [key, typed[key]])));
  expect(request.headers()['x-site-form']).toBe(form.variant);
  expect(request.headers()['x-site-locale']).toBe(form.locale);

  const success = strings.forms[form.variant].success;
  const shown = toast(page, success.title);
  await expect(shown).toBeVisible();
  if (success.description) await expect(shown).toContainText(success.description);
  // Reset after success: empty fields, consent back to false, button disabled again.
  await expect(f.locator('[name=name]')).toHaveValue('');
  await expect(f.locator('[name=message]')).toHaveValue('');
  await expect(f.locator('[name=privacy_consent]')).not.toBeChecked();
  await expect(submit).toBeDisabled();

  const rows = await stored(email);
  expect(rows).toHaveLength(1);
  const { id, created_at, ...fields } = rows[0]!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.now() - Date.parse(created_at)).toBeLessThan(120_000);
  expect(fields).toEqual({
    name: 'Erika Musterfrau',
    email,
    company: form.keys.includes('company') ? form.emptyCompany : null,
    products: form.keys.includes('products') ? typed.products : null,
    subject: form.keys.includes('subject') ? typed.subject : null,
    message: 'Bitte rufen Sie mich an.\nAm besten vormittags.',
    privacy_consent: true,
    form_variant: form.variant,
    locale: form.locale,
  });
}
