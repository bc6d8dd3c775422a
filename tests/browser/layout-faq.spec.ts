/**
 * /faq as a page (issue #36, design review 5 #11): from 1024 px the heading and lead stand beside the questions,
 * so a wide screen is not one narrow column in white; below it they stack, heading first. SPEC §2's bottom button
 * to /#contact stays under the questions at every width.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { LAYOUT_VIEWPORTS } from './support/layout-routes.ts';

test(`/faq: heading beside the questions from 1024 px, above them below; the button under the questions at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!);
  await page.goto('/faq');
  const failures: string[] = [];
  for (const viewport of LAYOUT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    const box = async (selector: string) => {
      const b = await page.locator(selector).first().boundingBox();
      if (!b) throw new Error(`${selector} is not shown at ${viewport.width}px`);
      return b;
    };
    const heading = await box('main h1');
    const questions = await box('main [data-faq-page] details');
    // The section's own button: the last link to /#contact (an answer may link there too).
    const button = await page.locator('main a[href="/#contact"]').last().boundingBox();
    if (!button) throw new Error(`no button to /#contact at ${viewport.width}px`);
    const beside = heading.x + heading.width <= questions.x && Math.abs(heading.y - questions.y) < 120;
    const above = heading.y + heading.height <= questions.y;
    if (viewport.width >= 1024 && !beside) failures.push(`${viewport.width}px: the heading is not beside the questions`);
    if (viewport.width < 1024 && !above) failures.push(`${viewport.width}px: the heading is not above the questions`);
    const lastQuestion = await page.locator('main [data-faq-page] details').last().boundingBox();
    if (!lastQuestion || button.y < lastQuestion.y + lastQuestion.height) failures.push(`${viewport.width}px: the button is not under the questions`);
  }
  expect(failures).toEqual([]);
});

test('/faq from 1024 px: the heading and its lead stay in view beside the questions as they scroll past; below 1024 px they scroll away', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!);
  const failures: string[] = [];
  for (const viewport of LAYOUT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/faq');
    // Every question open: the questions column runs well past one screen at every width.
    await page.locator('main [data-faq-page] details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await page
      .locator('main [data-faq-page] details')
      .last()
      .evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    const header = (await page.locator('body > header').first().boundingBox())?.height ?? 0;
    const lead = await page.locator('main h1 ~ p').first().boundingBox();
    const h1 = await page.locator('main h1').boundingBox();
    if (!lead || !h1) throw new Error(`no heading or lead at ${viewport.width}px`);
    const inView = h1.y >= header && lead.y + lead.height <= viewport.height;
    if (viewport.width >= 1024 && !inView) failures.push(`${viewport.width}px: the heading is out of view (h1 at ${Math.round(h1.y)}px)`);
    if (viewport.width < 1024 && inView) failures.push(`${viewport.width}px: the heading stays in view while the questions scroll`);
  }
  expect(failures).toEqual([]);
});

test('/faq from 1024 px: the heading column starts at the logo, the questions end at the header’s right edge, the service address under the lead (review 7a #5)', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!);
  await page.goto('/faq');
  const failures: string[] = [];
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const logo = await page.locator('body > header a').first().boundingBox();
    const headerRight = await page
      .locator('body > header a, body > header button')
      .evaluateAll((els) => Math.max(...els.map((el) => el.getBoundingClientRect().right)));
    const h1 = await page.locator('main h1').boundingBox();
    const questions = await page.locator('main [data-faq-page] details').first().boundingBox();
    const lead = await page.locator('main h1 ~ p').first().boundingBox();
    const mail = page.locator('main [data-faq-mail] a[href^="mailto:"]');
    if (!logo || !h1 || !questions || !lead) throw new Error(`a part of /faq is not shown at ${width}px`);
    if (Math.abs(h1.x - logo.x) > 2) failures.push(`${width}px: the heading starts at ${Math.round(h1.x)}px, the logo at ${Math.round(logo.x)}px`);
    if (Math.abs(questions.x + questions.width - headerRight) > 2)
      failures.push(`${width}px: the questions end at ${Math.round(questions.x + questions.width)}px, the header at ${Math.round(headerRight)}px`);
    const mailBox = (await mail.isVisible()) ? await mail.boundingBox() : null;
    if (!mailBox || mailBox.y < lead.y + lead.height || mailBox.x + mailBox.width > questions.x)
      failures.push(`${width}px: no service address under the lead in the heading column`);
  }
  expect(failures).toEqual([]);
});
