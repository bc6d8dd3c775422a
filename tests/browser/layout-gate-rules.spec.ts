/**
 * The layout gate can fail: each rule of support/layout-gate.ts is run on a small page broken in exactly
 * that way and must report it, and on a clean page (with the things the rules except: an sr-only label,
 * a link in running text, a checkbox whose label is the target) it must report nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { layoutFindings, type GateFinding, type GateRule } from './support/layout-gate.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

async function findingsOn(page: Page, body: string, viewport = PHONE, script = '') {
  // A fresh document each time: shifts are recorded per document, and a resize would count as one.
  await page.goto('about:blank');
  await page.setViewportSize(viewport);
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>
      body { margin: 0; font: 16px/1.5 sans-serif; }
      .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
      .target { min-height: 44px; min-width: 44px; }
    </style></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`,
    { waitUntil: 'load' },
  );
  return layoutFindings(page);
}

const rules = (findings: { rule: GateRule }[]) => [...new Set(findings.map((f) => f.rule))].sort();

const CLEAN = `
  <header style="position: fixed; inset: 0 0 auto 0; height: 56px; background: #fff">Brand</header>
  <main style="padding: 72px 16px 16px">
    <h1 style="overflow-wrap: break-word">Allgemeine Geschäftsbedingungen</h1>
    <p>Read the <a href="/terms">terms</a> before you start. <span class="sr-only">A label for screen readers only, long enough to be cut off by its box</span></p>
    <ul style="display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; list-style: none; padding: 0">
      <li>One</li><li>Two</li><li>Three</li><li>Four</li><li>Five</li><li>Six</li>
    </ul>
    <form>
      <label for="n">Name</label><input id="n" class="target" style="display: block; width: 100%; box-sizing: border-box">
      <label style="display: flex; align-items: center; min-height: 44px"><input type="checkbox"> I agree</label>
      <button class="target" style="width: 100%">Send</button>
    </form>
    <div style="overflow-x: auto"><table><tr><td style="white-space: nowrap">A wide table row that scrolls inside its own box and not the page</td></tr></table></div>
  </main>`;

test('a clean page passes at phone and laptop widths', async ({ page }) => {
  expect(await findingsOn(page, CLEAN)).toEqual([]);
  expect(await findingsOn(page, CLEAN, LAPTOP)).toEqual([]);
});

test('horizontal-scroll: a box wider than the window', async ({ page }) => {
  const found = await findingsOn(page, '<div style="width: 500px; height: 20px; background: #ccc"></div>');
  expect(rules(found)).toEqual(['horizontal-scroll']);
});

test('text-overflow: a heading that does not wrap runs past the window', async ({ page }) => {
  const found = await findingsOn(page, '<h1 style="white-space: nowrap; margin: 0 16px">Allgemeine Geschäftsbedingungen</h1>');
  expect(found.filter((f) => f.rule === 'text-overflow').map((f) => f.element)).toEqual(['<h1> "Allgemeine Geschäftsbedingungen"']);
});

test('text-clipped: a line cut off by a box with overflow hidden', async ({ page }) => {
  const found = await findingsOn(
    page,
    '<div style="width: 120px; overflow: hidden"><p style="white-space: nowrap">Datenschutzerklärung und Impressum</p></div>',
  );
  expect(rules(found)).toEqual(['text-clipped']);
  expect(found[0]!.element).toBe('<p> "Datenschutzerklärung und Impressum"');
});

test('text-clipped: a line cut off at the bottom of a fixed-height box', async ({ page }) => {
  const found = await findingsOn(
    page,
    '<div style="height: 30px; overflow: hidden"><p style="margin: 0">One line<br>and a second one that is hidden</p></div>',
  );
  expect(rules(found)).toEqual(['text-clipped']);
});

const LEAD = 'ChatGPT, Claude, Gemini and Mistral for your whole team, with automatic model selection and central user management.';

test('hero-lead: a hero lead of five lines on a phone, not one of four', async ({ page }) => {
  const lead = (width: number) => `<main style="padding: 16px"><p data-hero-lead style="width: ${width}px; margin: 0">${LEAD} ${LEAD.slice(0, 60)}</p></main>`;
  expect(rules(await findingsOn(page, lead(240)))).toEqual(['hero-lead']);
  expect(await findingsOn(page, lead(340))).toEqual([]);
});

test('fixed-covers-control: a fixed bar on the centre of a button, at load', async ({ page }) => {
  const found = await findingsOn(
    page,
    `
    <button class="target" style="position: absolute; top: 300px; left: 16px; width: 200px">Send</button>
    <div id="bar" style="position: fixed; top: 290px; left: 0; right: 0; height: 80px; background: #eee">Cookies</div>`,
  );
  expect(rules(found)).toEqual(['fixed-covers-content', 'fixed-covers-control']);
  expect(found.every((f) => f.detail.includes('at load'))).toBe(true);
});

test('fixed-covers-control: a chat button on a form’s send button once the form is scrolled into view', async ({ page }) => {
  const found = await findingsOn(
    page,
    `
    <div style="height: 1500px"></div>
    <form style="padding: 0 16px 200px"><input class="target" aria-label="Name" style="width: 100%; box-sizing: border-box"><button class="target" style="display: block; margin-left: auto; width: 120px">Send</button></form>
    <button class="target" aria-label="Chat" style="position: fixed; right: 16px; bottom: 16px; width: 130px; height: 56px">Chat</button>`,
  );
  // (The sweep also finds it on the field and the button while they pass under it: fixed-covers-content.)
  const onControl = found.filter((f) => f.rule === 'fixed-covers-control');
  expect(onControl.map((f) => [f.rule, f.element])).toEqual([['fixed-covers-control', '<button.target> "Send"']]);
  expect(onControl[0]?.detail).toContain('form scrolled to its last control');
});

test('tap-target: small buttons and block links on phones, not inline links, not on laptops', async ({ page }) => {
  const body = `
    <p>Running text with <a href="/x">an inline link</a>.</p>
    <button style="height: 30px">Small</button>
    <a href="/y" style="display: inline-block; padding: 4px">Card link</a>
    <label><input type="checkbox"> tiny label</label>`;
  const found = await findingsOn(page, body);
  expect(found.filter((f) => f.rule === 'tap-target').map((f) => f.element)).toEqual(['<button> "Small"', '<a> "Card link"', '<input>']);
  expect(await findingsOn(page, body, LAPTOP)).toEqual([]);
});

test('chat-entry: on a page with the chat demo, a floating chat button on phones or no header entry there; a header entry from 1024 px', async ({ page }) => {
  const page_ = (launcherStyle: string, entryStyle: string) => `
    <header style="position: sticky; top: 0; height: 56px; background: #fff">Brand
      <button data-chat-open class="target" style="${entryStyle}">Chat</button></header>
    <main style="padding: 16px"><p>Text</p></main>
    <div data-island="chat-demo"><button class="chat-launcher target" style="position: fixed; right: 16px; bottom: 16px; ${launcherStyle}">?</button></div>`;
  const ruleOf = async (html: string, viewport = PHONE) => (await findingsOn(page, html, viewport)).filter((f) => f.rule === 'chat-entry').map((f) => f.detail);
  expect(await ruleOf(page_('display: none', ''))).toEqual([]);
  expect(await ruleOf(page_('', ''))).toEqual(['the floating chat button is drawn at 390px (the header carries the entry below 1024px)']);
  expect(await ruleOf(page_('display: none', 'display: none'))).toEqual(['no chat entry shows in the header at 390px']);
  expect(await ruleOf(page_('', 'display: none'), LAPTOP)).toEqual([]);
  expect(await ruleOf(page_('', ''), LAPTOP)).toEqual(['the header shows the phone chat entry at 1280px']);
  expect(await ruleOf(page_('', ''), { width: 768, height: 1024 })).toEqual([
    'the floating chat button is drawn at 768px (the header carries the entry below 1024px)',
  ]);
});

test('lonely-card: one item under a row of three, one card under two, not two under three, a list, a wide last card, one column or a spanning tile', async ({
  page,
}) => {
  const grid = (columns: number, items: number, item = '<li style="background: #eee">Card</li>') =>
    `<ul style="display: grid; grid-template-columns: repeat(${columns}, 1fr); list-style: none; padding: 0; margin: 0">${item.repeat(items)}</ul>`;
  const found = await findingsOn(page, grid(3, 4), LAPTOP);
  expect(found.map((f) => f.rule)).toEqual(['lonely-card']);
  expect(found[0]?.detail).toContain('rows: 3, 1');
  expect((await findingsOn(page, grid(2, 3), LAPTOP)).map((f) => f.detail)).toEqual(['row 2 holds 1 item below a row of 2 (rows: 2, 1)']);
  expect(await findingsOn(page, grid(3, 5), LAPTOP)).toEqual([]);
  expect(await findingsOn(page, grid(2, 3, '<li>Plain entry</li>'), LAPTOP)).toEqual([]);
  const wideLast = grid(2, 2).replace('</ul>', '<li style="background: #eee; grid-column: span 2">Card</li></ul>');
  expect(await findingsOn(page, wideLast, LAPTOP)).toEqual([]);
  expect(await findingsOn(page, grid(1, 3), LAPTOP)).toEqual([]);
  // A tile spanning three rows beside three cards (a spotlight) leaves none of them alone; without the span it does.
  const spotlight = (span: string) =>
    `<ul style="display: grid; grid-template-columns: 1fr 1fr; list-style: none; padding: 0; margin: 0"><li style="background: #ddd; ${span}">Tile</li>${'<li style="background: #eee; grid-column: 2">Card</li>'.repeat(3)}</ul>`;
  expect(await findingsOn(page, spotlight('grid-row: span 3'), LAPTOP)).toEqual([]);
  expect((await findingsOn(page, spotlight(''), LAPTOP)).map((f) => f.rule)).toEqual(['lonely-card']);
});

test('layout-shift: content pushed down after the first paint', async ({ page }) => {
  const found = await findingsOn(
    page,
    '<main><h1>Title</h1><p>Text that moves when a banner is inserted above it.</p></main>',
    PHONE,
    `addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => {
      const late = document.createElement('div'); late.style.height = '200px'; late.textContent = 'Late';
      document.body.prepend(late);
    })));`,
  );
  expect(rules(found)).toEqual(['layout-shift']);
});

test('after a resize the rules judge the new width, and the shifts the resize records are not layout shifts', async ({ page }) => {
  await findingsOn(
    page,
    `
    <p style="margin: 0 16px">A paragraph long enough to wrap onto more lines when the window narrows, pushing down what follows it.</p>
    <button style="height: 30px">Small</button>
    <h1 style="white-space: nowrap; margin: 0 16px">Allgemeine Geschäftsbedingungen und Datenschutz</h1>`,
    LAPTOP,
  );
  await page.setViewportSize(PHONE);
  const resized = await layoutFindings(page, { resized: true });
  expect(rules(resized)).toEqual(['horizontal-scroll', 'tap-target', 'text-overflow']);
  // The same moment judged as a load: the resize's reflow is recorded as shifts, which the gate must not report.
  expect(rules(await layoutFindings(page))).toContain('layout-shift');
});

test('word-split: a long word broken by overflow-wrap without a hyphen, not one broken at its soft hyphens', async ({ page }) => {
  const box = 'style="width: 9rem; overflow-wrap: break-word; font-size: 24px; margin: 0 16px"';
  const found = await findingsOn(page, `<h2 ${box}>Besprechungsprotokoll</h2>`);
  expect(found.map((f) => f.rule)).toEqual(['word-split']);
  expect(found[0]?.detail).toMatch(/^"Besprechungsprotokoll" breaks as "Bespre\S+ \/ \S+" without a hyphen$/);
  expect(await findingsOn(page, `<h2 ${box}>Bespre&shy;chungs&shy;pro&shy;to&shy;koll</h2>`)).toEqual([]);
  expect(await findingsOn(page, `<h2 ${box}>Kunden-Service-Zentrale</h2>`)).toEqual([]);
});

test('heading-break: a heading broken at a soft hyphen with fewer than five letters on a line, not running text', async ({ page }) => {
  // Monospace, so the line holds a known count of characters: "Vertriebsleitfa-" (16) fits, the whole word (18) does not.
  const box = 'style="font: 20px/1.2 monospace; width: 16.5ch; margin: 0 16px"';
  const found = await findingsOn(page, `<h1 ${box}>Ver&shy;triebs&shy;leit&shy;fa&shy;den</h1>`);
  expect(found.map((f) => [f.rule, f.detail])).toEqual([
    ['heading-break', '"Vertriebsleitfaden" breaks as "Vertriebsleitfa- / den": fewer than 5 letters on a line'],
  ]);
  expect(await findingsOn(page, `<h3 ${box}><span>Ver&shy;triebs&shy;leit&shy;fa&shy;den</span></h3>`)).toHaveLength(1);
  // The breaks the build leaves a heading, and running text with its own (three letters).
  expect(await findingsOn(page, `<h1 ${box}>Vertriebs&shy;leit&shy;faden</h1>`)).toEqual([]);
  expect(await findingsOn(page, `<p ${box}>Ver&shy;triebs&shy;leit&shy;fa&shy;den</p>`)).toEqual([]);
});

test("accent-split: an accent phrase on the lead-in's line or broken although it fits, not one on its own line or wider than the line", async ({ page }) => {
  const box = 'style="font: 20px/1.2 monospace; width: 20ch; margin: 0 16px"';
  // Run on after the lead-in: "AI models. All in / one place." (17 characters that fit the 20-character line).
  const found = await findingsOn(page, `<h1 ${box}>AI models. <span data-accent>All in one place.</span></h1>`);
  expect(found.map((f) => f.rule)).toEqual(['accent-split', 'accent-split']);
  expect(found[0]?.detail).toBe(`"All in one place." starts on the lead-in's line`);
  expect(found[1]?.detail).toMatch(/^"All in one place\." breaks inside although it fits a line of \d+ px$/);
  expect(await findingsOn(page, `<h1 ${box}>AI models. <span data-accent style="display: block">All in one place.</span></h1>`)).toEqual([]);
  // Wider than the line (25 characters in 20): it must break, and does so on its own lines.
  expect(await findingsOn(page, `<h1 ${box}>AI models. <span data-accent style="display: block">All of them in one place.</span></h1>`)).toEqual([]);
});

test('needless-hyphen: a title word hyphenated at the start of its line although it fits the line, not one that does not fit', async ({ page }) => {
  // "Branchenspezifische" (19) fits the 20-character line; balancing the two lines takes a hyphen in it anyway.
  const title = (wrap: string) =>
    `<h3 style="font: 20px/1.2 monospace; width: 20ch; margin: 0 16px; text-wrap: ${wrap}">Branchen&shy;spezi&shy;fische Anpassungen</h3>`;
  const found = await findingsOn(page, title('balance'));
  expect(found.map((f) => f.rule)).toEqual(['needless-hyphen']);
  expect(found[0]?.detail).toMatch(/^"Branchenspezifische" is hyphenated although it fits the \d+ px line whole$/);
  expect(await findingsOn(page, title('pretty'))).toEqual([]);
  // Wider than its line, the word must break: the heading-break rule judges where.
  expect(await findingsOn(page, `<h3 style="font: 20px/1.2 monospace; width: 16ch; margin: 0 16px">Vertriebs&shy;leit&shy;faden</h3>`)).toEqual([]);
});

test('needless-hyphen: a title or centred word hyphenated at a line end although the next line has room for it, not in running text', async ({ page }) => {
  // "Ganz kurze Vertriebs- / texte": "Vertriebstexte" (14) fits whole beside "texte" on a 22-character line.
  const box = (tag: string, align: string, text: string) =>
    `<${tag} style="font: 20px/1.2 monospace; width: 22ch; margin: 0 16px; text-align: ${align}">${text}</${tag}>`;
  const hyphenated = 'Ganz kurze Vertriebs&shy;texte';
  for (const [tag, align] of [
    ['h3', 'left'],
    ['p', 'center'],
  ]) {
    const found = await findingsOn(page, box(tag!, align!, hyphenated));
    expect(found.map((f) => f.rule)).toEqual(['needless-hyphen']);
    expect(found[0]?.detail).toMatch(/^"Vertriebstexte" is hyphenated although the next line has room for it whole \(\d+ px\)$/);
  }
  // Running text may hyphenate to fill its lines; a next line full already ("texte aller Zeiten") has no room.
  expect(await findingsOn(page, box('p', 'left', hyphenated))).toEqual([]);
  expect(await findingsOn(page, box('h3', 'left', 'Ganz kurze Vertriebs&shy;texte aller Zeiten'))).toEqual([]);
  // A compound broken at its own hyphen took no hyphen of the build's ("Mandantenaufnahme- / Bot", centred on /chatbot).
  expect(await findingsOn(page, box('p', 'center', 'Ganz kurze Ver&shy;triebs-texte'))).toEqual([]);
});

test('bound-split: an e-mail address or a suspended hyphen broken across lines, not one kept whole', async ({ page }) => {
  const box = 'style="font: 20px/1.2 monospace; width: 14ch; margin: 0 16px"';
  // The address breaks at its hyphen in a 14-character line; "Vorlagen und -" ends a line before "agenten".
  const found = await findingsOn(page, `<p ${box}>by emailing service@ki-zentrale.de today</p><p ${box}>Vorlagen und -agenten</p>`);
  expect(found.map((f) => [f.rule, f.detail])).toEqual([
    ['bound-split', '"service@ki-zentrale.de" is broken across lines'],
    ['bound-split', '"-agenten" is broken across lines'],
  ]);
  const kept = `<p ${box}>by emailing <span style="white-space: nowrap">service@ki-zentrale.de</span> today</p><p ${box}>Vorlagen und -\u2060agenten</p>`;
  expect(await findingsOn(page, kept)).toEqual([]);
});

test('dash-line-start: a line that starts with a dash set between words, not one bound to the word before', async ({ page }) => {
  // "Bayreuth" fills the 8-character line, so the dash after it goes to the next one unless it is bound.
  const box = 'style="font: 20px/1.2 monospace; width: 8ch; margin: 0 16px"';
  for (const body of [`<h2 ${box}>Bayreuth – für alle</h2>`, `<p ${box}><b>Bayreuth</b> — für alle</p>`]) {
    const found = await findingsOn(page, body);
    expect(
      found.map((f) => f.rule),
      body,
    ).toEqual(['dash-line-start']);
    expect(found[0]?.detail, body).toMatch(/^a line starts with "[–—] für alle"$/);
  }
  const bound = `<div style="width: 12ch; font: 20px/1.2 monospace; margin: 0 16px"><p style="margin: 0">Bayreuth&nbsp;– für</p>`;
  const listLike = `<p style="margin: 0">Punkt eins<br>– zwei</p><ul style="margin: 0; padding: 0; list-style: none"><li>– drei</li></ul>`;
  const range = `<p style="margin: 0">Montag 9 –<br>17 Uhr, Rhein–Main</p></div>`;
  expect(await findingsOn(page, bound + listLike + range)).toEqual([]);
});

test('fixed-covers-content: a chat button on text at load, and on the last line at the end of the page', async ({ page }) => {
  const button = '<button class="target" style="position: fixed; right: 16px; bottom: 16px; width: 56px; height: 56px">?</button>';
  const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const atLoad = await findingsOn(page, `<p style="margin: 0; padding: 0 8px">${words}</p>${button}`);
  expect(atLoad.filter((f) => f.rule === 'fixed-covers-content').map((f) => f.detail.split(':')[0])).toEqual(['at load']);
  // Room below the first screen's text, none below the page's last line (two screens down: a screen down, too
  // near the end, would see the same place first).
  const atEnd = await findingsOn(page, `<div style="height: 1800px"></div><p style="margin: 0; text-align: right">The last line of the page</p>${button}`);
  const resting = (found: GateFinding[]) => found.filter((f) => !f.detail.startsWith('scrolled to '));
  expect(resting(atEnd).map((f) => [f.rule, f.element, f.detail.split(':')[0]])).toEqual([
    ['fixed-covers-content', '<p> "The last line of the page"', 'at the end of the page'],
  ]);
  // With room at the end, nothing there; on its way there the line passes under the button (the sweep).
  const roomy = await findingsOn(
    page,
    `<div style="height: 1800px"></div><p style="margin: 0 0 96px; text-align: right">The last line of the page</p>${button}`,
  );
  expect(resting(roomy)).toEqual([]);
  expect(roomy.map((f) => f.detail.replace(/\d+px:.*/, ''))).toEqual(['scrolled to ']);
});

test('fixed-covers-content: a cookie bar fixed over the first screen at load, and over the page a screen down; a chat button there and at every scroll position', async ({
  page,
}) => {
  const bar =
    '<section class="cookie-banner" style="position: fixed; inset: auto 0 0 0; height: 160px; background: #fff">Cookies? <button class="target">OK</button></section>';
  const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const atLoad = await findingsOn(page, `<p style="margin: 0; padding: 0 8px">${words}</p>${bar}`);
  expect(atLoad.filter((f) => f.rule === 'fixed-covers-content').map((f) => f.detail.split(':')[0])).toEqual(['at load']);
  // The first screen is clear of the bar, the page a screen further down is not.
  const below = await findingsOn(page, `<div style="height: 1400px"></div><p style="margin: 0 0 1200px">Read on below the first screen</p>${bar}`);
  expect(below.map((f) => [f.rule, f.element, f.detail.split(':')[0]])).toEqual([
    ['fixed-covers-content', '<p> "Read on below the first screen"', 'scrolled a screen down'],
  ]);
  // The same page with the chat button in the bar's place: no floating button is excepted a screen down, where
  // it lies on the line like the bar (issue #36 item 1)...
  const launcher = '<button class="chat-launcher target" style="position: fixed; right: 0; bottom: 0; width: 100%; height: 160px">?</button>';
  const page1 = `<div style="height: 1400px"></div><p style="margin: 0 0 1200px">Read on below the first screen</p>${launcher}`;
  expect((await findingsOn(page, page1)).map((f) => [f.rule, f.element, f.detail.split(':')[0]])).toEqual([
    ['fixed-covers-content', '<p> "Read on below the first screen"', 'scrolled a screen down'],
  ]);
  // ...and judged at every scroll position, it lies on the line while the line passes under it, where no
  // resting place sees it (a line a screen and a half down).
  const page2 = `<div style="height: 2100px"></div><p style="margin: 0 0 1200px">Read on further down</p>${launcher}`;
  const swept = await findingsOn(page, page2);
  expect(swept.map((f) => [f.rule, f.element, f.detail.replace(/\d+px:.*/, '')])).toEqual([
    ['fixed-covers-content', '<p> "Read on further down"', 'scrolled to '],
  ]);
  // ...and passes when it is faded out while the line is under it (that it blinks is `chat-blink`'s to judge).
  const aside = `addEventListener('scroll', () => { document.querySelector('.chat-launcher').style.opacity = scrollY > 400 && scrollY < 900 ? '0' : '1'; });`;
  expect((await findingsOn(page, page1, PHONE, aside)).filter((f) => f.rule === 'fixed-covers-content')).toEqual([]);
});

test('chat-blink: a chat button that fades out and back in while the page scrolls, not one that enters once', async ({ page }) => {
  const body = `<div style="height: 4000px"></div><button class="chat-launcher" style="position: fixed; right: 16px; bottom: 16px; width: 48px; height: 48px">?</button>`;
  const blinks = (f: { rule: string; detail: string }[]) => f.filter((x) => x.rule === 'chat-blink').map((x) => x.detail.split(':')[0]);
  // Out of sight over two stretches of the page, as a button stepping aside along the text was.
  const aside = `addEventListener('scroll', () => { document.querySelector('.chat-launcher').style.opacity = (scrollY > 800 && scrollY < 1200) || scrollY > 2000 ? '0' : '1'; });`;
  expect(blinks(await findingsOn(page, body, LAPTOP, aside))).toEqual(['3 changes in one scroll to the end']);
  // Hidden on the first screen, then shown to the end: its entrance is the one change.
  const entrance = `document.querySelector('.chat-launcher').style.opacity = '0'; addEventListener('scroll', () => { document.querySelector('.chat-launcher').style.opacity = scrollY > 400 ? '1' : '0'; });`;
  expect(blinks(await findingsOn(page, body, LAPTOP, entrance))).toEqual([]);
});

test('fixed-covers-content: a toast positioned from an empty fixed list (as sonner draws it) on text', async ({ page }) => {
  const toaster =
    '<ol style="position: fixed; left: 0; right: 0; bottom: 0; height: 0; margin: 0; padding: 0; list-style: none"><li style="position: absolute; left: 8px; right: 8px; bottom: 8px; height: 90px; background: #fff">Message sent</li></ol>';
  const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const found = await findingsOn(page, `<p style="margin: 0; padding: 0 8px">${words}</p>${toaster}`);
  expect(found.filter((f) => f.rule === 'fixed-covers-content').map((f) => f.detail.split(':')[0])).toEqual(['at load']);
  expect(found[0]?.detail).toContain('under <li> "Message sent"');
});

test("fixed-covers-content: a chat button on a form's message box, even where the box has no text under it", async ({ page }) => {
  const button = '<button class="target" style="position: fixed; right: 16px; bottom: 16px; width: 56px; height: 56px">?</button>';
  const message = '<div data-form-failed style="height: 300px; margin: 0 8px 0; background: #fee">Not sent.</div>';
  const found = await findingsOn(page, `<div style="height: 600px"></div>${message}${button}`);
  expect(found.map((f) => [f.rule, f.element, f.detail.split(':')[0]])).toEqual([['fixed-covers-content', '<div> "Not sent."', 'at load']]);
  expect(found[0]?.detail).toContain('form message at');
});
