/**
 * Header and footer details from design review 3 (issue #36): the footer's language switcher stays on one line
 * (at 768 px a long Spanish copyright pushed "Español" onto a line of its own), and the /chatbot header has one
 * filled primary button, "Kontakt", as every other route has one.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { localeFile, readAs } from './support/site-content.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

for (const width of [360, 768, 1280]) {
  test(`the footer's languages share one line at ${width} px, on every language's home and education page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const failures: string[] = [];
    for (const route of ['/', '/fr', '/en', '/es', '/es/education', '/fr/education']) {
      await page.goto(route);
      const tops = await page.locator('footer ul[aria-label] a[hreflang]').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(tops.length, route).toBe(4);
      if (new Set(tops).size !== 1) failures.push(`${route}: languages on ${new Set(tops).size} lines`);
    }
    expect(failures).toEqual([]);
  });
}

test('the /chatbot header has one filled primary button, Kontakt', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/chatbot');
  const nav = page.locator('header nav');
  const filled = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .filter((a) => getComputedStyle(a).backgroundColor !== 'rgba(0, 0, 0, 0)' && getComputedStyle(a).color === 'rgb(255, 255, 255)')
        .map((a) => a.textContent?.trim()),
    );
  expect(filled).toEqual(['Kontakt']);
});

test('the footnotes before the footer read in two columns on wide screens and one on phones', async ({ page }) => {
  const layout = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // On phones the notes are folded to one row (sections/ClaimNotes.tsx): opened, they read in one column.
    if (width < 640) await page.locator('[data-fold="notes"] summary').click();
    const notes = page.locator('[data-claim-notes] ol');
    const first = await notes.locator('li').first().boundingBox();
    const last = await notes.locator('li').last().boundingBox();
    return { columns: await notes.evaluate((ol) => getComputedStyle(ol).columnCount), sideBySide: last!.x > first!.x + first!.width };
  };
  expect(await layout(1440)).toEqual({ columns: '2', sideBySide: true });
  expect(await layout(390)).toEqual({ columns: 'auto', sideBySide: false });
});

test('the not-found page shows the attempted path on one line when it fits, never broken at a hyphen', async ({ page }) => {
  const path = '/diese-seite-gibt-es-nicht';
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    const chip = page.locator('[data-attempted-path] code');
    await expect(chip).toHaveText(path);
    const lines = await chip.evaluate((code) => {
      const range = document.createRange();
      range.selectNodeContents(code);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `${width} px`).toBe(1);
  }
});

for (const width of [360, 390, 768, 1280, 1440]) {
  // Phones run the entries together with a dot between two on a line; from 640 px each entry has its own line
  // and bullet, like the link columns beside it.
  const oneALine = width >= 640;
  const rule = oneALine ? 'one entry a line, each behind its dot' : "a dot between two entries on a line, none at a line's start or end";
  test(`the footer's plain entries at ${width} px: ${rule}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const failures: string[] = [];
    for (const route of ['/', '/fr', '/en', '/es']) {
      await page.goto(route);
      const found = await page.evaluate((oneALine) => {
        const out: string[] = [];
        const lists = [...document.querySelectorAll('footer ul')].filter((ul) => ul.children.length > 1 && !ul.querySelector('a'));
        if (lists.length === 0) return ['no list of plain entries in the footer'];
        for (const ul of lists) {
          // The dot is shown where it lies inside the box that clips the run (overflow hidden), else cut off.
          let clip: Element | null = ul;
          while (clip && getComputedStyle(clip).overflowX !== 'hidden') clip = clip.parentElement;
          const clipLeft = clip?.getBoundingClientRect().left ?? 0;
          const items = [...ul.children];
          items.forEach((li, i) => {
            const text = (li.textContent ?? '').trim();
            if (/^·|·$/.test(text)) out.push(`"${text}" carries a dot in its text`);
            const r = li.getBoundingClientRect();
            const before = getComputedStyle(li, '::before');
            const dot = before.content !== 'none' && before.content !== 'normal' ? r.left + parseFloat(before.left) : undefined;
            const previous = items[i - 1]?.getBoundingClientRect();
            const startsLine = !previous || Math.abs(previous.top - r.top) > 2;
            const shown = dot !== undefined && dot >= clipLeft;
            if (oneALine) {
              if (!startsLine) out.push(`"${text}" shares a line with the entry before it`);
              if (!shown) out.push(`"${text}" has no dot before it`);
              return;
            }
            if (startsLine && shown) out.push(`"${text}" begins a line with a dot`);
            if (!startsLine && !shown) out.push(`"${text}" has no dot before it on its line`);
          });
        }
        return out;
      }, oneALine);
      for (const f of found) failures.push(`${route}: ${f}`);
    }
    expect(failures).toEqual([]);
  });
}

for (const width of [360, 1280]) {
  test(`the footer's German-only legal pages at ${width} px: each link tagged DE after its label, no note line under the heading (review 16 #4)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const findings: string[] = [];
    for (const lang of ['fr', 'en', 'es'] as const) {
      for (const route of [`/${lang}`, `/${lang}/education`]) {
        await page.goto(route);
        const strings = localeFile(lang);
        const column = strings.footer.columns.find((c) => c.items.some((item) => typeof item !== 'string' && item.href === '/agb'));
        const marker = strings.crossLanguage.de ?? '';
        const heading = page.locator('footer h2', { hasText: readAs(column?.title ?? '') });
        // The language is said on the links themselves: a line under the heading cost the phone footer a line.
        await expect(heading.locator('xpath=following-sibling::p')).toHaveCount(0);
        const links = await heading.locator('xpath=..').getByRole('link').all();
        expect(links.length, `${route}: legal links`).toBeGreaterThanOrEqual(3);
        for (const link of links) {
          // The language is still in the link's name for screen readers, and in its hreflang.
          await expect(link).toHaveAccessibleName(new RegExp(`${marker.replace(/[()]/g, '\\$&').replace(/ /g, '[\\s\\u00a0]')}$`));
          await expect(link).toHaveAttribute('hreflang', 'de');
          // What a sighted visitor reads is the label and the language's code, on the label's last line.
          const { drawn, tagOnLastLine } = await link.evaluate((a) => {
            const shown = (n: Node): string =>
              n instanceof Text ? n.data : n instanceof HTMLElement && n.getBoundingClientRect().width > 1 ? [...n.childNodes].map(shown).join('') : '';
            const tag = a.querySelector('[aria-hidden="true"]')?.getBoundingClientRect();
            const label = document.createRange();
            label.selectNodeContents(document.evaluate('.//text()', a, null, XPathResult.FIRST_ORDERED_NODE_TYPE).singleNodeValue!);
            const last = [...label.getClientRects()].at(-1);
            const tagOnLastLine = !!tag && !!last && tag.top < last.bottom && tag.bottom > last.top;
            return { drawn: shown(a).replace(/\s+/g, ' ').trim(), tagOnLastLine };
          });
          if (drawn.replace(/\u00a0/g, ' ').includes(marker)) findings.push(`${route}: "${drawn}" shows the marker after the label`);
          if (!/ ?DE$/.test(drawn)) findings.push(`${route}: "${drawn}" has no DE tag after the label`);
          if (!tagOnLastLine) findings.push(`${route}: "${drawn}": the tag is not on the label's last line`);
        }
      }
    }
    expect(findings).toEqual([]);
  });
}
