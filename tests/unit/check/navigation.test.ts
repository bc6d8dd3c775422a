/** Navigation as content: header and footer menus in the locale files, checked like any other link. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, errorsOf, only, runFixture } from './fixture.ts';

afterAll(cleanup);

/** The <a> elements of one part of a page (`<nav …>…</nav>`, `<footer…>…</footer>`), as `href label`. */
function linksIn(html: string, tag: 'nav' | 'footer'): string[] {
  const part = new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`).exec(html)?.[0] ?? '';
  return [...part.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => `${m[1]} ${m[2]!.replace(/<[^>]+>/g, '')}`);
}

describe('header and footer menus', () => {
  it('menu-link: an entry to a missing page or anchor fails, placed at the entry in the locale file', async () => {
    const found = only(await runFixture('menu-link'), 'link-broken', 'anchor-missing');
    const onHome = found.filter((f) => f.route === '/');
    expect(onHome.map((f) => [f.code, f.message, f.source?.path])).toEqual([
      ['anchor-missing', "link to #ueber-uns: / has no element with id 'ueber-uns'", 'header.menus.business[2].href'],
      ['link-broken', 'link to /referenzen points at no output file', 'footer.columns[1].items[2].href'],
    ]);
    for (const f of found) expect(f.source?.file).toBe('locales/de.yaml');
    // The footer shows on every German page, so each reports the footer entry; the header's anchor only on the page with that bar.
    expect(found.filter((f) => f.code === 'link-broken').map((f) => f.route)).toEqual(['/', '/agb', '/datenschutz', '/faq', '/impressum']);
  });

  it('menu-new-page: a new page joins the header and the footer with content only, and the site checks clean', async () => {
    let home = '';
    let legal = '';
    const run = await runFixture('menu-new-page', async (out) => {
      home = await readFile(path.join(out, 'index.html'), 'utf8');
      legal = await readFile(path.join(out, 'agb/index.html'), 'utf8');
    });
    expect(errorsOf(run)).toEqual([]);
    expect(linksIn(home, 'nav')).toEqual([
      '#ki-zentrale-plattform Produkte',
      '#pricing Preise',
      '#about Über uns',
      '#contact Kontakt',
      '/referenzen Referenzen',
      '#contact Jetzt starten',
    ]);
    expect(linksIn(home, 'footer')).toContain('/referenzen Referenzen');
    // The back bar of a legal page is its own list, untouched; the footer is the same on every page.
    expect(linksIn(legal, 'nav')).toEqual(['/ ←Zurück zur Startseite']);
    expect(linksIn(legal, 'footer')).toContain('/referenzen Referenzen');
  });

  it('footer entries without a link render as plain text', async () => {
    let home = '';
    await runFixture(undefined, async (out) => {
      home = await readFile(path.join(out, 'index.html'), 'utf8');
    });
    // Plain text behind a drawn dot (a run on phones, clipped at a line's start; one a line from 640 px), not
    // link-styled items: no <a> around the entry, and no dot in its text. The heading may sit in a block with its note.
    expect(home).toMatch(
      /<h2 class="[^"]*">Branchen<\/h2>(?:<\/div>)?<div class="[^"]*overflow-hidden[^"]*"><ul [^>]*><li class="[^"]*before:content-[^"]*">Kanzleien<\/li>/,
    );
  });

  it('header-menu: a page whose header variant has no list in its locale file', async () => {
    const found = only(await runFixture('header-menu'), 'header-menu');
    expect(found.map((f) => [f.location?.file, f.location?.line, f.message])).toEqual([
      ['pages/faq/de.yaml', 6, 'header: chatbot has no menu in locales/de.yaml'],
    ]);
    expect(found[0]!.hint).toBe('add header.menus.chatbot (entries { label, href }) to locales/de.yaml, or pick a variant it has');
  });
});
