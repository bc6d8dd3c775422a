/**
 * The layout gate for the contact forms' outcomes (issue #36 item 1): on every route with a form, at the five
 * widths, a sent request and a failed one, each with its toast showing (held by the pointer, as a visitor
 * reading it holds it). The page is judged where the form leaves the visitor: its outcome (the confirmation
 * panel, the failure message) brought into view, with every rule of support/layout-gate.ts, the toast among
 * the fixed elements that must lie on no text, picture or control. The backend's answer is given by the test
 * (the gate is about the page, not the send path, which contact-forms.spec covers). On phones the page is judged
 * again half a screen further on, where the toast must have gone (its message stays in the form).
 */
import { expect, test, type Locator } from '@playwright/test';
import { FORM_ROUTES, acceptCookies, contactForm, isBuilt } from './support/forms.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { LAYOUT_VIEWPORTS } from './support/layout-routes.ts';

async function fillValid(f: Locator) {
  await f.locator('[name=name]').fill('Max Muster');
  await f.locator('[name=email]').fill('max@example.com');
  if ((await f.locator('[name=subject]').count()) > 0) await f.locator('[name=subject]').fill('Demo');
  await f.locator('[name=message]').fill('Hallo');
  await f.locator('[name=privacy_consent]').check();
}

for (const { route } of FORM_ROUTES.filter((f) => isBuilt(f.route))) {
  test(`layout gate ${route}: the form sent and failed, each with its toast, at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await acceptCookies(page, baseURL!);
    let failing = false;
    await page.route('**/functions/v1/rapid-worker', (r) =>
      r.fulfill(
        failing ? { status: 500, contentType: 'application/json', body: '{"error":"boom"}' } : { status: 200, contentType: 'application/json', body: '{}' },
      ),
    );
    const failures: string[] = [];
    for (const viewport of LAYOUT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const state of ['sent', 'failed'] as const) {
        failing = state === 'failed';
        await page.goto(route);
        const f = await contactForm(page);
        await fillValid(f);
        await f.locator('button[type=submit]').click();
        const island = page.locator('[data-island="contact-form"]').first();
        await expect(island.locator(state === 'sent' ? '[data-form-sent]' : '[data-form-failed]')).toBeFocused();
        const shown = page.locator(`[data-sonner-toast][data-type=${state === 'sent' ? 'success' : 'error'}]`);
        await expect(shown).toHaveAttribute('data-mounted', 'true');
        await shown.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
        await shown.hover();
        for (const found of await layoutFindings(page, { here: `${state}, outcome in view with its toast` }))
          failures.push(`${viewport.width}px ${found.rule}: ${found.element} — ${found.detail}`);
        // On phones the toast stands on the page's gutter, as the cards do (design review 10a #10).
        if (viewport.width < 768) {
          const box = (await shown.boundingBox())!;
          if (Math.round(box.x) !== 16 || Math.round(viewport.width - box.x - box.width) !== 16)
            failures.push(
              `${viewport.width}px toast ${Math.round(box.x)} px from the left edge, ${Math.round(viewport.width - box.x - box.width)} px from the right (the gutter is 16)`,
            );
        }
        // Half a screen further on, the next section's lines would pass under the toast (design reviews 7b N7, 10b #3:
        // at 768 px it covered "SERVICES"). Its message stays in the form, so it goes once the visitor scrolls on.
        {
          await page.mouse.move(1, 1);
          await page.evaluate(() => window.scrollBy({ top: window.innerHeight / 2, behavior: 'instant' }));
          await expect(shown).toHaveCount(0);
          for (const found of await layoutFindings(page, { here: `${state}, half a screen past the outcome` }))
            failures.push(`${viewport.width}px ${found.rule}: ${found.element} — ${found.detail}`);
        }
      }
    }
    expect(failures, route).toEqual([]);
  });
}

test("a new send takes down the form's earlier toasts: no old failure behind the confirmation (design review 10b #2)", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 800 });
  let failing = true;
  await page.route('**/functions/v1/rapid-worker', (r) =>
    r.fulfill(
      failing ? { status: 500, contentType: 'application/json', body: '{"error":"boom"}' } : { status: 200, contentType: 'application/json', body: '{}' },
    ),
  );
  await page.goto('/en');
  const f = await contactForm(page);
  await fillValid(f);
  await f.locator('button[type=submit]').click();
  await expect(page.locator('[data-sonner-toast][data-type=error]')).toHaveAttribute('data-mounted', 'true');
  failing = false;
  await f.locator('button[type=submit]').click();
  await expect(page.locator('[data-sonner-toast][data-type=success]')).toHaveAttribute('data-mounted', 'true');
  await expect(page.locator('[data-sonner-toast][data-type=error]')).toHaveCount(0);
});
