/**
 * Forms that explain themselves (issue #36, item 4): the disabled send button says why, a failed send leaves a
 * message with a mailto fallback in the form, a sent form gives way to a confirmation with a way to write again,
 * and on phones no toast lies on the header or a control. SPEC's toasts and reset stay as they are.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, contactForm, localeStrings, toast } from './support/forms.ts';
import { uniqueEmail } from './support/leads.ts';
import { readAs, site } from './support/site-content.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

/** WCAG contrast of an element's text colour on its background (both opaque rgb() here). */
function contrastOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (value: string) =>
        value
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const s = getComputedStyle(el);
      const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
}

for (const { route, locale } of [
  { route: '/', locale: 'de' },
  { route: '/fr', locale: 'fr' },
]) {
  test(`${route}: while consent is unticked the disabled button says why, legibly; ticked, it says nothing and sends`, async ({ page }) => {
    const { forms } = await localeStrings(locale);
    await page.goto(route);
    const f = await contactForm(page);
    const submit = f.locator('button[type=submit]');
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(forms.consentHint);
    await expect(f.locator('[data-consent-hint]')).toBeVisible();
    // Drawn as waiting, not as a washed-out primary button: its label reads at AA contrast.
    expect(await contrastOf(page, '[data-contact-form] button[type=submit]')).toBeGreaterThanOrEqual(4.5);
    await f.locator('[name=privacy_consent]').check();
    await expect(submit).toBeEnabled();
    await expect(f.locator('[data-consent-hint]')).toHaveCount(0);
    await expect(submit).toHaveAccessibleDescription('');
  });

  test(`${route}: a failed send keeps SPEC's error toast and leaves a message with a mailto fallback in the form`, async ({ page }) => {
    const { forms } = await localeStrings(locale);
    await page.route('**/functions/v1/rapid-worker', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.goto(route);
    const f = await contactForm(page);
    await f.locator('[name=name]').fill('Max Muster');
    await f.locator('[name=email]').fill('max@example.de');
    if ((await f.locator('[name=subject]').count()) > 0) await f.locator('[name=subject]').fill('Demo');
    await f.locator('[name=message]').fill('Bitte um Rückruf.');
    await f.locator('[name=privacy_consent]').check();
    await f.locator('button[type=submit]').click();
    await expect(toast(page, forms.business.error.title)).toBeVisible();
    const message = f.locator('[data-form-failed]');
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
    await expect(message).toContainText(forms.failure.title);
    const mailto = message.getByRole('link', { name: site.email });
    const href = (await mailto.getAttribute('href'))!;
    expect(href.startsWith(`mailto:${site.email}?`)).toBe(true);
    expect(new URL(href).searchParams.get('body')).toBe('Bitte um Rückruf.');
    // Persistent: still there once the toast has gone; the data is kept and the button works again.
    await expect(toast(page, forms.business.error.title)).toHaveCount(0, { timeout: 15_000 });
    await expect(message).toBeVisible();
    await expect(f.locator('[name=message]')).toHaveValue('Bitte um Rückruf.');
    await expect(f.locator('button[type=submit]')).toBeEnabled();
  });
}

test('a sent form gives way to a confirmation with "write another"; SPEC\'s toast and reset stay', async ({ page }) => {
  const { forms } = await localeStrings('de');
  await page.goto('/');
  const f = await contactForm(page);
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(uniqueEmail('explains'));
  await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
  await f.locator('button[type=submit]').click();
  await expect(toast(page, 'Nachricht gesendet')).toContainText('Vielen Dank für Ihre Anfrage. Wir melden uns zeitnah bei Ihnen.');
  const panel = page.locator('[data-island="contact-form"] [data-form-sent]');
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel.getByText(readAs(forms.sent.title))).toBeVisible();
  await expect(f).toBeHidden();
  // SPEC §4: reset to empty, consent back to false.
  await expect(f.locator('[name=name]')).toHaveValue('');
  await expect(f.locator('[name=privacy_consent]')).not.toBeChecked();
  await panel.getByRole('button', { name: forms.sendAnother }).click();
  await expect(panel).toHaveCount(0);
  await expect(f).toBeVisible();
  await expect(f.locator('[name=name]')).toBeFocused();
  await expect(f.locator('button[type=submit]')).toBeDisabled();
  await expect(f.locator('[data-consent-hint]')).toBeVisible();
});

for (const viewport of [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  for (const outcome of ['sent', 'failed'] as const) {
    test(`${viewport.width} px, ${outcome}: the toast lies on neither the header nor a control`, async ({ page }) => {
      await page.setViewportSize(viewport);
      if (outcome === 'failed')
        await page.route('**/functions/v1/rapid-worker', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
      await page.goto('/');
      const f = await contactForm(page);
      await f.locator('[name=name]').fill('Max Muster');
      await f.locator('[name=email]').fill(uniqueEmail('toast'));
      await f.locator('[name=subject]').fill('Demo');
      await f.locator('[name=message]').fill('Hallo');
      await f.locator('[name=privacy_consent]').check();
      await f.locator('button[type=submit]').click();
      const shown = page.locator('[data-sonner-toast]').first();
      await expect(shown).toBeVisible();
      // Once it has slid in and the outcome has scrolled into view.
      await expect.poll(() => shown.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0);
      const covered = await shown.evaluate((toastEl) => {
        const t = toastEl.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const out: string[] = [];
        if (t.top < header.bottom && t.bottom > header.top) out.push(`header (toast top ${t.top}, header bottom ${header.bottom})`);
        for (const el of document.querySelectorAll<HTMLElement>('button, input, textarea, select')) {
          // A control hidden while the toast shows (the chat button steps aside) is not covered.
          if (toastEl.contains(el) || el.closest('header') || !el.checkVisibility({ visibilityProperty: true })) continue;
          for (const r of el.getClientRects()) {
            if (r.width === 0 || r.height === 0) continue;
            if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
              out.push(`${el.tagName} ${el.getAttribute('name') ?? el.textContent?.trim().slice(0, 30)}`);
          }
        }
        return out;
      });
      expect(covered).toEqual([]);
    });
  }
}
