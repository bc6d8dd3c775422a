import { expect, test } from '@playwright/test';
import { acceptCookies, localeFile } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const de = localeFile('de');
const name = (template: string | undefined, n: number) => (template ?? '').replace('{n}', String(n));

test('a footnote mark leads to its note, and the note leads back to the text, by mouse and keyboard', async ({ page }) => {
  await page.goto('/');
  // The first mark of note 1 (the hero's "100 % DSGVO-konform") is a link named for screen readers.
  const mark = page.getByRole('link', { name: name(de.claimNoteRef, 1), exact: true }).first();
  await expect(mark).toHaveAttribute('href', '#note-1');
  await expect(mark).toHaveAttribute('id', 'ref-1');
  await expect(mark.locator('xpath=..')).toHaveJSProperty('tagName', 'SUP');
  await mark.click();
  await expect(page).toHaveURL(/#note-1$/);
  const note = page.locator('#note-1');
  await expect(note).toBeInViewport();
  // The note's number is the way back, and it sits in the note that explains claim 1.
  await expect(page.locator('li[data-claim-note="gdpr"] #note-1')).toHaveCount(1);
  await expect(note).toHaveAccessibleName(name(de.claimNoteBack, 1));
  await note.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#ref-1$/);
  await expect(page.locator('#ref-1')).toBeInViewport();
  await expect(note).not.toBeInViewport();
});

test('on the chatbot page every mark points at a note on the page, and every note back at a mark', async ({ page }) => {
  await page.goto('/chatbot');
  const marks = page.locator('sup[data-claim-ref] a');
  const hrefs = await marks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // SPEC §9's seven chatbot claims, each cited at least once.
  expect(new Set(hrefs).size).toBe(7);
  for (const href of new Set(hrefs)) await expect(page.locator(href), href).toHaveCount(1);
  const backs = await page.locator('[data-claim-note] a[id^="note-"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(backs).toHaveLength(7);
  for (const href of backs) await expect(page.locator(href), href).toHaveCount(1);
  // The uptime guarantee's mark leads to the note that names the binding clause.
  const uptime = page.getByRole('heading', { name: /99,9\s%/ }).getByRole('link');
  await uptime.click();
  const target = (await uptime.getAttribute('href')) ?? '';
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(`li[data-claim-note="chatbotUptime"] ${target}`)).toBeInViewport();
});

test('every note’s text starts on one indent, whatever the width of its number (design review 6 #19)', async ({ page }) => {
  const findings: string[] = [];
  for (const route of ['/', '/es', '/chatbot']) {
    await page.goto(route);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // On phones the notes may sit in a closed disclosure: open it to measure them as a reader who opens it sees them.
      const indents = await page.locator('[data-claim-note]').evaluateAll((notes) =>
        notes.map((note) => {
          note.closest('details')?.setAttribute('open', '');
          const text = note.lastElementChild?.getBoundingClientRect().left ?? NaN;
          return Math.round((text - note.getBoundingClientRect().left) * 10) / 10;
        }),
      );
      expect(indents.length, route).toBeGreaterThan(1);
      if (new Set(indents).size > 1) findings.push(`${route} at ${width}px: the notes' text starts at ${indents.join(', ')} px`);
    }
  }
  expect(findings).toEqual([]);
});

test('a footnote mark in a heading is as small as one in body text ("53 % moins cher⁴" at heading size, review 17 #4)', async ({ page }) => {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/fr/');
    const [mark, bodyMark] = await page
      .locator(':is(h1, h2, h3) sup[data-claim-ref]')
      .first()
      .evaluate((sup) => [parseFloat(getComputedStyle(sup).fontSize), 0.68 * parseFloat(getComputedStyle(document.documentElement).fontSize)]);
    // A mark in 16 px body text is 0.68 × 16 px; a heading's mark may be smaller (a small heading), never larger.
    expect(mark, `${width} px`).toBeLessThanOrEqual(bodyMark! + 0.01);
    expect(mark, `${width} px`).toBeGreaterThanOrEqual(9);
  }
});
