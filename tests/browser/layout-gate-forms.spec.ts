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

/** Where the contact card and the section after the form's stand on the page, and the card's and the panel's surfaces. */
const around = (page: Page) =>
  page.evaluate(() => {
    const slot = document.querySelector<HTMLElement>('[data-contact-slot]');
    const section = slot?.closest('section');
    const next = section?.nextElementSibling ?? document.querySelector('footer');
    const panel = slot?.querySelector('[data-form-sent]');
    const middle = (box?: DOMRect) => (box ? box.top + box.height / 2 : 0);
    return {
      /** How far the confirmation's middle is from the card's, as a share of the card's height. */
      offCentre:
        panel && slot ? Math.abs(middle(panel.getBoundingClientRect()) - middle(slot.getBoundingClientRect())) / slot.getBoundingClientRect().height : 1,
      card: Math.round(slot?.getBoundingClientRect().height ?? 0),
      next: Math.round((next?.getBoundingClientRect().top ?? 0) + window.scrollY),
      cardTint: slot ? getComputedStyle(slot).backgroundColor : '',
      panelTint: panel ? getComputedStyle(panel).backgroundColor : '',
    };
  });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the confirmation takes the contact card's place and tint: nothing below moves (design review 7b N6), the message centred in it`, async ({
    page,
    baseURL,
  }) => {
    await acceptCookies(page, baseURL!);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const f = await contactForm(page);
    await fill(f, uniqueEmail('room'));
    const before = await around(page);
    await f.locator('button[type=submit]').click();
    await expect(page.locator('[data-form-sent]')).toBeFocused();
    const after = await around(page);
    expect(after.card).toBe(before.card);
    expect(after.next).toBe(before.next);
    // One green card, not a green box in a white one.
    expect(after.cardTint).not.toBe(before.cardTint);
    expect(after.panelTint).toBe('rgba(0, 0, 0, 0)');
    // The kept room is not a tall card with its message at the top (design review 9a #3, 9b #3).
    expect(after.offCentre).toBeLessThan(0.1);
  });
}

test('at 360 px the failure message keeps the service address on one line (design review 7a #14)', async ({ page, baseURL }) => {
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
