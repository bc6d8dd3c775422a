/**
 * The cookie banner is static HTML run by the inline consent probe. These tests run the probe's real
 * source against a stub DOM built from the banner's real markup, and check the cookie it writes to the byte.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attributesOf } from '../../../src/islands/protocol.ts';
import { consentProbeScript } from '../../../src/render/head.ts';
import { CookieBanner } from '../../../src/render/layout/CookieBanner.tsx';
import type { LocaleStrings } from '../../../src/schema/locale.ts';

const cookie = { name: 'cookie-consent', maxAgeSeconds: 31_536_000 };
const details = { show: 'Details anzeigen', hide: 'Details ausblenden', text: ['**cookie-consent** speichert Ihre Entscheidung.'] };
const german: LocaleStrings['cookieBanner'] = {
  title: 'Wir respektieren Ihre Privatsphäre',
  text: 'Nur notwendige Cookies.',
  accept: 'Akzeptieren',
  decline: 'Ablehnen',
  declineSetsCookie: false,
  details,
};
const english: LocaleStrings['cookieBanner'] = { ...german, accept: 'Accept', decline: 'Reject', declineSetsCookie: true };
const french: LocaleStrings['cookieBanner'] = {
  title: 'Cookies',
  text: 'Voir notre [politique de confidentialité](/datenschutz).',
  accept: 'Tout accepter',
  decline: 'Nécessaires uniquement',
  declineSetsCookie: true,
};

/** An element of the stub DOM: attributes, text, `hidden`, and `closest` for the attribute selectors the probe asks for. */
class StubElement {
  hidden: boolean;
  constructor(
    public attributes: Record<string, string>,
    public textContent = '',
  ) {
    this.hidden = 'hidden' in attributes;
  }
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  setAttribute(name: string, value: unknown): void {
    this.attributes[name] = String(value);
  }
  closest(selectors: string): StubElement | null {
    return selectors.split(',').some((s) => /^\[([\w-]+)\]$/.exec(s.trim())?.[1]! in this.attributes) ? this : null;
  }
}

/**
 * A page holding the banner as the server renders it, served over `protocol` with `cookies` set, after the
 * probe ran: its buttons by label, the details panel, what the probe wrote to document.cookie, and a click.
 */
function page(strings: LocaleStrings['cookieBanner'], protocol: 'https:' | 'http:', cookies = '') {
  const html = renderToString(<CookieBanner strings={strings} />);
  const buttons = new Map([...html.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].map((m) => [m[2]!, new StubElement(attributesOf(m[1]!), m[2]!)]));
  const panelTag = /<div\b[^>]*\bid="cookie-banner-details"[^>]*>/.exec(html)?.[0];
  const panel = panelTag ? new StubElement({ ...attributesOf(panelTag), ...(/\shidden=""/.test(panelTag) ? { hidden: '' } : {}) }) : undefined;
  const written: string[] = [];
  const listeners: [string, (event: { target: unknown }) => void][] = [];
  const root = { dataset: {} as Record<string, string>, removeAttribute: (name: string) => name === 'data-consent' && delete root.dataset.consent };
  // The body as the server sends it: the banner last (SPEC §2's order).
  const banner = { className: 'cookie-banner' };
  const body = {
    children: ['skip-link', 'header', 'main', 'footer', banner] as unknown[],
    get firstChild() {
      return this.children[0];
    },
    insertBefore(node: unknown, before: unknown) {
      this.children = this.children.filter((child) => child !== node);
      this.children.splice(this.children.indexOf(before), 0, node);
    },
  };
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return cookies;
    },
    set cookie(line: string) {
      written.push(line);
    },
    documentElement: root,
    body,
    querySelector: (selector: string) => (selector === '.cookie-banner' ? banner : null),
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => listeners.push([type, listener]),
    getElementById: (id: string) => (panel?.attributes.id === id ? panel : null),
  });
  new Function(consentProbeScript(cookie))();
  const click = (target: unknown) => listeners.filter(([type]) => type === 'click').forEach(([, listener]) => listener({ target }));
  return { root, body, banner, buttons, panel, written, listeners, click, button: (label: string) => buttons.get(label)! };
}

describe('the cookie banner markup', () => {
  it('ends with the marker the stylesheet waits for, so a half-parsed bar is never painted', () => {
    const html = renderToString(<CookieBanner strings={german} />);
    expect(html).toMatch(/<span class="cookie-banner-end" hidden=""><\/span><\/section>$/);
  });

  it('is a region named by its heading, with a details panel hidden behind a toggle that controls it', () => {
    const html = renderToString(<CookieBanner strings={german} />);
    expect(html).toMatch(/^<section aria-labelledby="cookie-banner-title" class="cookie-banner /);
    expect(html).toMatch(/<h2 id="cookie-banner-title" class="[^"]*">Wir respektieren Ihre Privatsphäre<\/h2>/);
    expect(html).toMatch(
      /<div id="cookie-banner-details" hidden="" class="[^"]*"><div class="[^"]*"><p><strong class="[^"]*">cookie-consent<\/strong> speichert/,
    );
    expect(html).toContain(
      '<button type="button" aria-expanded="false" aria-controls="cookie-banner-details" data-details-show="Details anzeigen" data-details-hide="Details ausblenden" ',
    );
    expect([...html.matchAll(/<button\b[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Akzeptieren', 'Ablehnen', 'Details anzeigen']);
  });

  it('says what each choice stores: accepted; rejected where the locale says so, else nothing', () => {
    const choices = (strings: LocaleStrings['cookieBanner']) =>
      [...renderToString(<CookieBanner strings={strings} />).matchAll(/data-consent-choice="([^"]*)"/g)].map((m) => m[1]);
    expect(choices(german)).toEqual(['accepted', '']);
    expect(choices(english)).toEqual(['accepted', 'rejected']);
  });

  it('has just the two choices and no panel without details (French, SPEC §4)', () => {
    const html = renderToString(<CookieBanner strings={french} />);
    expect([...html.matchAll(/<button\b[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Tout accepter', 'Nécessaires uniquement']);
    expect(html).not.toContain('cookie-banner-details');
    expect(html).toContain('<a href="/datenschutz"');
  });
});

describe('the consent probe', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing when the consent cookie is set: no mark, no listener', () => {
    for (const cookies of ['cookie-consent=accepted', 'theme=dark; cookie-consent=rejected']) {
      const { root, listeners } = page(german, 'https:', cookies);
      expect(root.dataset).toEqual({});
      expect(listeners).toEqual([]);
    }
  });

  it('marks the document when the cookie is missing, not fooled by a cookie whose name ends in it', () => {
    const { root, listeners } = page(german, 'https:', 'my-cookie-consent=accepted');
    expect(root.dataset).toEqual({ consent: 'ask' });
    expect(listeners.map(([type]) => type)).toEqual(['DOMContentLoaded', 'click']);
  });

  it('moves the banner to the start of the body once parsed, so it comes first in focus order as on screen', () => {
    const { listeners, body, banner } = page(german, 'https:');
    expect(body.children).toEqual(['skip-link', 'header', 'main', 'footer', banner]);
    listeners.filter(([type]) => type === 'DOMContentLoaded').forEach(([, listener]) => listener({ target: null }));
    expect(body.children).toEqual([banner, 'skip-link', 'header', 'main', 'footer']);
  });

  it('accept stores `accepted` for a year, SameSite=Lax, Path=/, Secure on https, and hides the banner', () => {
    const { root, written, click, button } = page(german, 'https:');
    click(button('Akzeptieren'));
    expect(written).toEqual(['cookie-consent=accepted; Max-Age=31536000; Path=/; SameSite=Lax; Secure']);
    expect(root.dataset).toEqual({});
  });

  it('leaves Secure off on plain http (local `site serve`), where the browser would drop a Secure cookie', () => {
    const { written, click, button } = page(english, 'http:');
    click(button('Reject'));
    expect(written).toEqual(['cookie-consent=rejected; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  it('a decline that stores nothing only hides the banner, so it returns on the next visit (German)', () => {
    const { root, written, click, button } = page(german, 'https:');
    click(button('Ablehnen'));
    expect(written).toEqual([]);
    expect(root.dataset).toEqual({});
  });

  it('the details toggle opens and closes its panel, with aria-expanded and its label following', () => {
    const { root, written, panel, click, button } = page(german, 'https:');
    const toggle = button('Details anzeigen');
    expect(panel!.hidden).toBe(true);
    click(toggle);
    expect([panel!.hidden, toggle.getAttribute('aria-expanded'), toggle.textContent]).toEqual([false, 'true', 'Details ausblenden']);
    click(toggle);
    expect([panel!.hidden, toggle.getAttribute('aria-expanded'), toggle.textContent]).toEqual([true, 'false', 'Details anzeigen']);
    expect(written).toEqual([]);
    expect(root.dataset).toEqual({ consent: 'ask' });
  });

  it('ignores clicks elsewhere on the page', () => {
    const { root, written, click } = page(german, 'https:');
    click(new StubElement({ href: '/impressum' }));
    click({});
    expect(written).toEqual([]);
    expect(root.dataset).toEqual({ consent: 'ask' });
  });

  it('writes the name and lifetime it is given, and only a cookie-name-safe name', () => {
    const probe = consentProbeScript({ name: 'consent"+alert(1)+"', maxAgeSeconds: 600 });
    expect(probe).toContain('/(?:^|;\\s*)consentalert1=/');
    expect(probe).toContain('d.cookie="consentalert1="+v+"; Max-Age=600; Path=/; SameSite=Lax"');
  });
});
