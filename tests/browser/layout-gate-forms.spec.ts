/**
 * The layout gate with the contact form in each state a visitor brings it to (issue #36 items 1 and 4): refused
 * inline (an e-mail address without a dot in its domain), failed (the backend answers 500) and sent (a real send
 * to `site serve`'s backend: the confirmation panel). On every route with a form, the state is reached once at
 * the narrowest width; once its toast has gone, every rule of support/layout-gate.ts runs at each of the five
 * widths (the form keeps its state across a resize), the sweep among them: at every scroll position where the
 * chat button or another fixed element would lie on a line of text, a picture or a control, it must have stepped
 * aside. The toast itself is judged where the form leaves the visitor, in layout-gate-toasts.spec.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FORM_ROUTES, acceptCookies, contactForm, isBuilt } from './support/forms.ts';
import { uniqueEmail } from './support/leads.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { asRead } from './support/site-content.ts';
import { LAYOUT_VIEWPORTS } from './support/layout-routes.ts';
import { scaled } from '../support/time-scale.ts';

type FormState = 'invalid' | 'failed' | 'sent';

async function fill(f: Locator, email: string) {
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill(email);
  if ((await f.locator('[name=subject]').count()) > 0) await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Bitte um Rückruf.');
  await f.locator('[name=privacy_consent]').check();
}

/** Brings the page's first contact form into `state` as a visitor would, and waits until its toast has gone. */
async function bringTo(page: Page, state: FormState) {
  if (state === 'failed')
    await page.route('**/functions/v1/rapid-worker', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
  const f = await contactForm(page);
  await fill(f, state === 'invalid' ? 'max@firma' : uniqueEmail('gate'));
  await f.locator('button[type=submit]').click();
  // The pointer leaves the page's lower half, where a toast under it would be held open.
  await page.mouse.move(1, 1);
  const island = page.locator('[data-island="contact-form"]').first();
  if (state === 'invalid') {
    await expect(island.locator('[data-field-error]')).toBeVisible();
    // The visitor leaves the field (on phones a focused field hides the chat button: nothing to judge then).
    await island.locator('[name=email]').blur();
    await expect(island.locator('[data-field-error]')).toBeVisible();
    return;
  }
  await expect(island.locator(state === 'sent' ? '[data-form-sent]' : '[data-form-failed]')).toBeVisible();
  // The toast comes after the outcome (the toaster mounts on first use); it holds while hovered or focused,
  // untouched it goes after its six seconds.
  const shown = page.locator(`[data-sonner-toast][data-type=${state === 'sent' ? 'success' : 'error'}]`);
  await expect(shown).toHaveAttribute('data-mounted', 'true');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: scaled(20_000) });
}

for (const { route } of FORM_ROUTES.filter((f) => isBuilt(f.route))) {
  for (const state of ['invalid', 'failed', 'sent'] as const) {
    test(`layout gate ${route} with the form ${state} at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({ page, baseURL }) => {
      // Five widths, each swept at every scroll position where a fixed element could lie on something.
      test.setTimeout(test.info().timeout * 3);
      await acceptCookies(page, baseURL!);
      const failures: string[] = [];
      for (const [i, viewport] of LAYOUT_VIEWPORTS.entries()) {
        await page.setViewportSize(viewport);
        if (i === 0) {
          await page.goto(route);
          await bringTo(page, state);
        }
        for (const f of await layoutFindings(page, { resized: true })) failures.push(`${viewport.width}px ${f.rule}: ${f.element} — ${f.detail}`);
      }
      expect(failures, `${route}, form ${state}`).toEqual([]);
    });
  }
}

/** The contact card, the confirmation in it, and what the toast said. */
const around = (page: Page) =>
  page.evaluate(() => {
    const slot = document.querySelector<HTMLElement>('[data-contact-slot]');
    const panel = slot?.querySelector<HTMLElement>('[data-form-sent]');
    const box = panel?.getBoundingClientRect();
    return {
      card: Math.round(slot?.getBoundingClientRect().height ?? 0),
      panel: Math.round(box?.height ?? 0),
      panelTop: Math.round(box?.top ?? -1),
      panelBottom: Math.round(box?.bottom ?? -1),
      panelText: panel?.innerText ?? '',
      cardTint: slot ? getComputedStyle(slot).backgroundColor : '',
      panelTint: panel ? getComputedStyle(panel).backgroundColor : '',
    };
  });

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]) {
  for (const route of ['/', '/fr']) {
    test(`${route} at ${viewport.width} px the confirmation fills the contact card, in view from its top, in other words than the toast (design reviews 10a #3, 10b #1)`, async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto(route);
      const f = await contactForm(page);
      await fill(f, uniqueEmail('room'));
      const before = await around(page);
      await f.locator('button[type=submit]').click();
      await expect(page.locator('[data-form-sent]')).toBeFocused();
      const toast = page.locator('[data-sonner-toast][data-type=success]');
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      const after = await around(page);
      // The card is the confirmation's size, not the form's: no band of empty tint above or below it.
      expect(after.card).toBeLessThan(before.card);
      expect(after.card - after.panel).toBeLessThan(100);
      // The whole confirmation in the window, under the header.
      expect(after.panelTop).toBeGreaterThan(0);
      expect(after.panelBottom).toBeLessThanOrEqual(viewport.height);
      // One green card, not a green box in a white one.
      expect(after.cardTint).not.toBe(before.cardTint);
      expect(after.panelTint).toBe('rgba(0, 0, 0, 0)');
      // It recaps what was sent and does not repeat the toast's sentence.
      const toastText = asRead(await toast.innerText());
      const panelText = asRead(after.panelText);
      expect(panelText).toContain('Bitte um Rückruf.');
      expect(panelText).toContain('Max Muster');
      for (const sentence of toastText.split(/(?<=[.!])\s+|\n/).filter((t) => t.trim().length > 12)) expect(panelText).not.toContain(sentence.trim());
    });
  }
}

test('at 360 px the failure message keeps the service address on one line (design review 7a #14)', async ({ page, baseURL }) => {
  test.setTimeout(scaled(90_000)); // three loads and sends, each waiting out its six-second toast
  await acceptCookies(page, baseURL!);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const route of ['/', '/fr', '/es']) {
    await page.goto(route);
    await bringTo(page, 'failed');
    const link = page.locator('[data-form-failed] a[href^="mailto:"]');
    expect(await link.evaluate((el) => el.getClientRects().length), route).toBe(1);
    // Wherever a line of the message ends: the measure narrowed px by px, the address never splits (at its hyphen).
    const split = await link.evaluate((el) => {
      const box = el.closest('p') as HTMLElement;
      const widths: number[] = [];
      for (let w = box.offsetWidth; w >= el.getBoundingClientRect().width; w -= 2) {
        box.style.width = `${w}px`;
        if (el.getClientRects().length > 1) widths.push(w);
      }
      box.style.width = '';
      return widths;
    });
    expect(split, route).toEqual([]);
  }
});
