/**
 * What the seventh native French read found on the built pages (/work/notes/read7-fr.md): the basis of the hero's
 * saving, the cookie line, the order of the six languages, and a search snippet that shows the price whole.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRealSite, routeHtml, type RenderedPage } from '../render/page-text.ts';

let pages: RenderedPage[];

beforeAll(async () => {
  ({ pages } = await renderRealSite());
});

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
/** Visible text of a page: tags out, no-break spaces and hyphens plain, whitespace collapsed. */
const text = (html: string) =>
  decode(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ''))
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\u2011/g, '-')
    .replace(/\s+/g, ' ');
const html = (route: string) => routeHtml(pages, route);
const body = (route: string) => text(html(route).slice(html(route).indexOf('<body')));

describe('read7-fr', () => {
  it('gives the hero’s saving tile the basis of the competitors’ side (1)', () => {
    const page = html('/fr');
    const hero = text(page.slice(page.indexOf('<section'), page.indexOf('</section>')));
    // The tile's label comes before its note call and figure in the markup. « 53 % moins que … » is not French and
    // the label has 40 characters at most (site-copy.test), so « TTC » lives in the note the tile calls.
    expect(hero).toMatch(/moins cher que ChatGPT Plus \+ Claude Pro4\d+ %/);
    const note = page.slice(page.indexOf('id="note-4"'));
    expect(text(note.slice(0, note.indexOf('</li>')))).toMatch(/TVA allemande de 19\s%/);
  });

  it('says what the consent cookie keeps and links sidebar-state to what it is for, without « le menu » (2)', () => {
    const banner = body('/fr').slice(body('/fr').indexOf('Cookies sur ce site'));
    // One whole sentence; "le menu" was the platform's sidebar, which this site has not (design review 16 #1).
    expect(banner).toContain('Aucun suivi : cookie-consent garde votre choix 1 an.');
    expect(banner).not.toMatch(/le menu/);
    // The privacy policy's cookie part says what sidebar-state keeps; the banner's link to it names the cookie.
    const page = html('/fr');
    const strip = page.slice(page.indexOf('cookie-banner'));
    expect(text(/<a [^>]*href="\/datenschutz#cookies"[^>]*>([\s\S]*?)<\/a>/.exec(strip)?.[1] ?? '')).toMatch(/^À propos de sidebar-state/);
  });

  it('lists the six languages of the education platform in one order, French first (5)', () => {
    const page = body('/fr/education');
    const lists = [...page.matchAll(/(?<!\p{L})(français|allemand|anglais)(, (français|allemand|anglais|espagnol))+, (ukrainien|espagnol)/giu)].map(
      (m) => m[0],
    );
    expect(lists.length).toBe(3);
    for (const list of lists) expect(list.toLowerCase()).toBe('français, allemand, anglais, espagnol, ukrainien');
  });

  it('does not hyphenate the German legal form in the copyright line with French patterns (7)', () => {
    for (const route of ['/fr', '/fr/education', '/fr/404']) expect(html(route), route).toMatch(/<p class="hyphens-none">© \d{4} /);
  });

  it('shows the whole Standard price within the first 155 characters of the search snippet (4)', () => {
    const description = decode(/<meta name="description" content="([^"]*)"/.exec(html('/fr'))?.[1] ?? '');
    const price = description.indexOf('HT par utilisateur et par mois');
    expect(price).toBeGreaterThan(0);
    expect(price + 'HT par utilisateur et par mois'.length).toBeLessThanOrEqual(155);
  });
});
