import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addEditorFixture, startDevSite, type DevSite } from './support/dev-site.ts';

/**
 * /admin as a German author meets it after the last walk (issue #38): what `site check` finds, in the editor's
 * language and at the fields (no English overlay over the preview); a page's publishing state and action at the
 * top of its form; the page list naming each page in its own language, with a picker. The small fixture site
 * (tests/fixtures/check/base) with English and French home pages, a draft page whose search title is still the
 * editor's stock text and has straight quotes (two findings in that file), and a draft page ready to publish.
 */

let site: DevSite;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The machine these run on is shared: answers wait for the dev server's check runs.
const SLOW = { timeout: 20_000 };

const WEBINAR = `# yaml-language-server: $schema=../../.schema/page.json
slug: webinar
meta:
  title: Titel der neuen Seite
  description: Webinare jeden Donnerstag.
header: back
draft: true
sections:
  - type: richText
    title: Webinare
    body:
      - Jeden Donnerstag live, mit "Fragen" am Ende.
`;

const KURS = `# yaml-language-server: $schema=../../.schema/page.json
slug: kurs
meta:
  title: Kurs für Einsteiger
  description: Ein Kurs für alle, die mit KI beginnen.
header: back
draft: true
sections:
  - type: richText
    title: Kurs für Einsteiger
    body:
      - Vier Abende, jeweils zwei Stunden.
`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startDevSite('check/base', async (_work, content) => {
    await addEditorFixture(content);
    for (const [family, text] of [
      ['webinar', WEBINAR],
      ['kurs', KURS],
    ] as const) {
      await mkdir(path.join(content, 'pages', family), { recursive: true });
      await writeFile(path.join(content, 'pages', family, 'de.yaml'), text);
    }
  });
  // The first request for the editor's script bundles it (seconds on a busy machine): once, here.
  expect((await fetch(`${site.url}/__site/editor/app.js`)).status).toBe(200);
});

test.afterAll(async () => site.stop());

/** /admin on a file in a German browser, once its preview frame listens to the dev server's live events. */
async function openGerman(browser: import('@playwright/test').Browser, file: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: site.url }]);
  const page = await context.newPage();
  const listening = page.waitForResponse((response) => response.url().endsWith('/__site/events'), SLOW);
  await page.goto(`${site.url}/admin#${file}`);
  await listening;
  await expect(page.locator('.bar .file')).toHaveText(file, SLOW);
  return page;
}

/** What a panel says in the editor's own words: without the check's English (marked lang="en"), codes and file positions. */
const ownWords = (page: Page) =>
  page.locator('details.findings').evaluate((panel) => {
    const copy = panel.cloneNode(true) as HTMLElement;
    for (const quoted of copy.querySelectorAll('[lang="en"], code, .finding-where, dd')) quoted.remove();
    return copy.textContent ?? '';
  });

test('a German author reads the site check in German, each finding of the open file at its field, none over the preview', async ({ browser }) => {
  const page = await openGerman(browser, 'pages/webinar/de.yaml');
  const panel = page.locator('details.findings');
  // A bar, closed: how many, and how many in this file.
  await expect(panel.locator('summary')).toHaveText(/^Prüfung der Website: \d+ Fehler(, \d+ Warnungen?)? · 2 in dieser Datei$/, SLOW);
  await expect(panel).not.toHaveAttribute('open');
  // The editor's own stock text, refused by `site check`, reads in German under the field it is in.
  const filler =
    'Fehler: „Titel der neuen Seite“ ist noch der Platzhaltertext des Editors für einen neuen Eintrag: Bitte den richtigen Text schreiben oder den Eintrag entfernen.';
  await expect(page.locator('#root_meta_title__error')).toHaveText(filler);
  // A message only the check words (in English) is framed as such, in German, and marked as English.
  await expect(page.locator('#root_sections_0_body_0__error')).toHaveText(/^Fehler: Meldung der Prüfung \(auf Englisch\): straight quotation marks/);

  await panel.locator('summary').click();
  const items = panel.locator('li.finding');
  // This file's findings first, each leading to its field.
  await expect(items.first()).toContainText('Fehler editor-filler pages/webinar/de.yaml, Zeile 4, Spalte 10');
  await expect(items.first().locator('.finding-message')).toHaveText(filler.replace(/^Fehler: /, ''));
  const quotes = items.filter({ hasText: 'typo-quotes' });
  await expect(quotes.locator('.finding-framing')).toHaveText('Meldung der Prüfung (auf Englisch):');
  await expect(quotes.locator('.finding-message [lang="en"]')).toContainText('straight quotation marks');
  await expect(quotes.locator('.finding-hint')).toContainText('Tipp (auf Englisch):');
  await expect(quotes.locator('dt')).toHaveText(['Erwartet', 'Gefunden']);
  // Not a word of the editor's own in English.
  expect(await ownWords(page)).not.toMatch(/\b(Hint|Open|What|site check|errors?|warnings?|Expected|Found|line|column)\b/);

  await items.first().getByRole('link', { name: 'Zum Feld „Titel in Suchergebnissen“' }).click();
  await expect(page.locator('#root_meta_title')).toBeFocused();

  // The preview frame shows no overlay of its own (a page opened on its own does, with the same findings).
  const frame = page.frameLocator('iframe[name="site-editor-preview"]');
  await expect(frame.locator('h1')).toHaveText('Webinare', SLOW);
  const alone = await page.context().newPage();
  const listening = alone.waitForResponse((response) => response.url().endsWith('/__site/events'), SLOW);
  await alone.goto(`${site.url}/webinar`);
  await listening;
  await expect(alone.locator('site-dev-overlay')).toHaveCount(1, SLOW);
  await alone.close();
  await expect(frame.locator('site-dev-overlay')).toHaveCount(0);

  // A finding in another file opens that file in the editor.
  const other = items.filter({ hasNotText: 'pages/webinar/de.yaml' }).first();
  const where = (await other.locator('.finding-where').textContent())?.split(',')[0] ?? '';
  await other.getByRole('button', { name: `${where} öffnen` }).click();
  await expect(page.locator('.bar .file')).toHaveText(where, SLOW);

  // In English the same panel is the editor's English, with no framing.
  await page.getByRole('combobox', { name: 'Sprache des Editors' }).selectOption('en');
  await expect(panel.locator('summary')).toHaveText(/^Site check: \d+ errors?/);
  await expect(panel.locator('.finding-framing')).toHaveCount(0);
  await page.context().close();
});

test('a draft says so at the top of its form; one click publishes it, another makes it a draft again', async ({ browser }) => {
  const file = path.join(site.content, 'pages/kurs/de.yaml');
  const page = await openGerman(browser, 'pages/kurs/de.yaml');
  const bar = page.getByRole('region', { name: 'Veröffentlichung' });
  await expect(bar.locator('.publish-state')).toHaveText('Entwurf: nicht veröffentlicht. Die Vorschau zeigt ihn, die Website lässt ihn weg.');
  // The page's draft switch is this bar, not a box under "Weitere Einstellungen".
  await expect(page.locator('#root_draft')).toHaveCount(0);
  const frame = page.frameLocator('iframe[name="site-editor-preview"]');
  await expect(frame.locator('h1')).toHaveText('Kurs für Einsteiger', SLOW);
  await expect(frame.getByText('Entwurf', { exact: true })).toHaveCount(1);

  await bar.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByRole('status')).toHaveText('Veröffentlicht: /kurs ist gespeichert und im nächsten Build enthalten.', SLOW);
  // Only the draft line left the file.
  expect(await readFile(file, 'utf8')).toBe(KURS.replace('draft: true\n', ''));
  await expect(bar.locator('.publish-state')).toHaveText('Veröffentlicht: Teil der Website.');
  await expect(frame.getByText('Entwurf', { exact: true })).toHaveCount(0, SLOW);

  await bar.getByRole('button', { name: 'Wieder zum Entwurf machen' }).click();
  await expect(page.getByRole('status')).toHaveText('/kurs ist wieder ein Entwurf: gespeichert, der nächste Build lässt die Seite weg.', SLOW);
  expect(await readFile(file, 'utf8')).toContain('\ndraft: true\n');
  await expect(bar.locator('.publish-state')).toHaveText(/^Entwurf: nicht veröffentlicht/);
  await page.context().close();
});

test('the page list names each page in its own language and finds pages by words and language; links pick from it', async ({ browser }) => {
  const page = await openGerman(browser, 'pages/home/de.yaml');
  const nav = page.locator('nav.nav');
  // Each page by its own heading; a translation with the German heading under it, the German pages with none.
  const english = nav.locator('a[href="#pages/home/en.yaml"]');
  await expect(english).toHaveText('Every AI model in one place — /en Alle KI-Modelle an einem Ort');
  await expect(english.locator('span[lang="en"]')).toHaveText('Every AI model in one place — /en');
  await expect(nav.locator('a[href="#pages/home/fr.yaml"] span[lang="fr"]')).toHaveText('Tous les modèles d’IA au même endroit — /fr');
  await expect(nav.locator('a[href="#pages/faq/de.yaml"]')).toHaveText('Fragen und Antworten — /faq');

  const search = nav.getByRole('searchbox', { name: 'Seite suchen' });
  const count = nav.locator('.page-count');
  const total = await nav.locator('a[href^="#pages/"]').count();
  await expect(count).toHaveText(`${total} von ${total} Seiten angezeigt`);
  // Words in any order, case and accents aside; a translation is found by its German heading too.
  await search.fill('modelle KI');
  await expect(nav.locator('a[href^="#pages/"]')).toHaveCount(3);
  await expect(count).toHaveText(`3 von ${total} Seiten angezeigt`);
  await nav.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Français' });
  await expect(nav.locator('a[href^="#pages/"]')).toHaveAttribute('href', '#pages/home/fr.yaml');
  await expect(nav.getByRole('heading', { name: 'Deutsch' })).toHaveCount(0);
  await search.fill('/kurs');
  await expect(count).toHaveText('Keine Seite passt.');
  await nav.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Alle Sprachen' });
  await expect(nav.locator('a[href^="#pages/"]')).toHaveAttribute('href', '#pages/kurs/de.yaml');
  // A link's address offers the site's pages by heading and this page's sections by anchor, to pick instead of type.
  await expect(page.locator('#root_sections_0_actions_0_href')).toHaveAttribute('list', 'site-link-targets');
  const targets = page.locator('datalist#site-link-targets');
  await expect(targets.locator('option[value="/faq"]')).toHaveAttribute('label', 'Fragen und Antworten');
  await expect(targets.locator('option[value="/en"]')).toHaveAttribute('label', 'Every AI model in one place');
  await expect(targets.locator('option[value="#ki-zentrale-plattform"]')).toHaveAttribute('label', /: Warum wir$/);
  // The shared files stay listed whatever is searched.
  await expect(nav.getByRole('link', { name: 'Zahlen und Einstellungen' })).toBeVisible();
  await page.context().close();
});
