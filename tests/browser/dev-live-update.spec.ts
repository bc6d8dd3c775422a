import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contactForm } from './support/forms.ts';
import { openLive, replaceIn, startDevSite, type DevSite } from './support/dev-site.ts';

/** `site dev` on the small fixture site: an edit shows in the open page without a navigation. */

let site: DevSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The fixture's contact section gets the business form, whose island must wake again after a swap.
  site = await startDevSite('check/base', (_work, content) =>
    replaceIn(
      path.join(content, 'pages/home/de.yaml'),
      '    id: contact\n    title: Kontakt\n',
      '    id: contact\n    title: Kontakt\n    form: { variant: business, fields: [company, subject], emptyCompany: as-typed }\n',
    ),
  );
});

test.afterAll(async () => site.stop());

const edit = (relative: string, from: string, to: string) => replaceIn(path.join(site.content, relative), from, to);

/** Opens a route as a returning visitor, ready for edits; returns how many navigations followed the load. */
async function open(page: Page, route: string): Promise<() => number> {
  await openLive(page, `${site.url}${route}`);
  let navigations = 0;
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations++));
  return () => navigations;
}

test('a page edit swaps the new content into the open page, without reloading it', async ({ page }) => {
  const navigations = await open(page, '/faq');
  await edit('pages/faq/de.yaml', '    title: Fragen und Antworten', '    title: Häufige Fragen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen');
  expect(navigations()).toBe(0);
});

test('a description edit swaps the meta tags and the structured data too, without reloading the page', async ({ page }) => {
  const navigations = await open(page, '/en');
  await edit('pages/home/en.yaml', 'Eine kleine Startseite für', 'Eine kleine, feine Startseite für');
  const description = page.locator('meta[name=description]');
  await expect(description).toHaveAttribute('content', /Eine kleine, feine Startseite/);
  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(structured.description).toBe(await description.getAttribute('content'));
  expect(navigations()).toBe(0);
});

test('islands of the swapped page wake again: the contact form hydrates and validates', async ({ page }) => {
  await open(page, '/');
  await edit('pages/home/de.yaml', '    title: Alle KI-Modelle an einem Ort', '    title: Alle KI-Modelle.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alle KI-Modelle.');
  const form = await contactForm(page);
  // The submit button follows the privacy checkbox only once React runs the form.
  const submit = form.locator('button[type=submit]');
  await expect(submit).toBeDisabled();
  await form.locator('[name=privacy_consent]').check();
  await expect(submit).toBeEnabled();
});
