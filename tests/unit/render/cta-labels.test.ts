/**
 * One label per action (content/STYLE.md, #35 item 4): within a language, every button that leads to the same
 * place says the same thing, so a visitor never wonders whether "Standard anfragen", "Demo vereinbaren" and
 * "Jetzt starten" open different things. Every button that leads to a contact form counts as one action, on
 * whichever page the form is. Checked on every rendered route of the real content.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRealSite, type RenderedPage } from './page-text.ts';

type Lang = 'de' | 'fr' | 'en' | 'es';

/**
 * Labels SPEC quotes to the letter for a button, allowed beside the one label of its action. Each names where
 * SPEC quotes it. `services.more` of every language (SPEC §1's card button "Mehr erfahren" and its
 * translations) is allowed too: it is read from the locale below, not listed here.
 */
const SPEC_QUOTED: Record<Lang, Record<string, string>> = {
  de: {
    'Jetzt starten': "SPEC §2: the header's start button ('Jetzt starten' (German))",
    Kontakt: "SPEC §2: the header's contact label ('otherwise Kontakt')",
  },
  fr: {
    Commencer: "SPEC §2: the header's start button ('Commencer' (French))",
    Contact: "SPEC §2: the header's contact label ('Contact' on the French education page)",
  },
  en: {
    'Get Started': "SPEC §2: the header's start button ('Get Started' (English education page))",
    Contact: "SPEC §2: the header's contact label ('Contact' on the English education page)",
  },
  // SPEC quotes no Spanish label; the header's start button is the counterpart of the three above (design review
  // 10b: a long "Solicitar información" there crowded the header). Every other Spanish button to a form says that.
  es: {
    Empezar: "SPEC §2: the header's start button, as 'Jetzt starten', 'Commencer' and 'Get Started' are",
  },
};

/**
 * Labels still in use that break the rule, per language and action: the writer of that language removes an
 * entry when the copy uses the one label. TODO(copy-fr, copy-es): shrink your language's list to
 * nothing. An entry no page shows any more fails the test, so the table can only shrink.
 * German is the source and has none.
 */
const PENDING: Record<Lang, Record<string, string[]>> = {
  de: {},
  fr: {},
  en: {},
  es: {},
};

/** Where a button leads: every contact form is one action; any other target is its page and anchor. */
function action(href: string, route: string): string {
  const url = new URL(href, `https://site.invalid${route}`);
  if (url.protocol !== 'https:') return href;
  return url.hash === '#contact' ? 'contact form' : `${url.pathname}${url.hash}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words a sighted visitor reads on a button: without screen-reader-only parts, tags and icon glyphs. */
function visibleLabel(inner: string): string {
  return inner
    .replace(/<span class="sr-only">[\s\S]*?<\/span>/g, '')
    .replace(/<span aria-hidden="true">[\s\S]*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/**
 * The buttons of a page: links styled as buttons (the control radius and the lift on hover that every button
 * style shares, src/render/ui.tsx and the call-to-action band), as opposed to menu, footer and text links.
 */
function buttons(page: RenderedPage): { action: string; label: string }[] {
  return [...page.html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].flatMap(([, attrs = '', inner = '']) => {
    const cls = /\sclass="([^"]*)"/.exec(` ${attrs}`)?.[1] ?? '';
    const href = /\shref="([^"]*)"/.exec(` ${attrs}`)?.[1];
    if (!href || !/\brounded-control\b/.test(cls) || !cls.includes('hover:-translate-y-px')) return [];
    return [{ action: action(href.replace(/&amp;/g, '&'), page.entry.route), label: visibleLabel(inner) }];
  });
}

let model: SiteModel;
let pages: RenderedPage[];
/** language → action → label → routes that show it */
const seen = new Map<string, Map<string, Map<string, Set<string>>>>();

beforeAll(async () => {
  ({ model, pages } = await renderRealSite());
  for (const page of pages) {
    for (const b of buttons(page)) {
      const byAction = seen.get(page.entry.locale) ?? new Map<string, Map<string, Set<string>>>();
      seen.set(page.entry.locale, byAction);
      const byLabel = byAction.get(b.action) ?? new Map<string, Set<string>>();
      byAction.set(b.action, byLabel);
      byLabel.set(b.label, (byLabel.get(b.label) ?? new Set()).add(page.entry.route));
    }
  }
}, 120_000);

describe('button labels', () => {
  it('finds the buttons it checks: the header start button and the hero buttons of the German home', () => {
    const contact = seen.get('de')?.get('contact form');
    expect(contact?.get('Jetzt starten')).toContain('/');
    expect(seen.get('de')?.get('/#ki-zentrale-plattform')?.has('Jetzt testen')).toBe(true);
    for (const lang of ['fr', 'en', 'es']) expect(seen.get(lang)?.get('contact form')?.size, lang).toBeGreaterThan(0);
  });

  it('never say buy or order: the site has no checkout, every offer button leads to a contact form', () => {
    const selling = /\b(kaufen|bestellen|buy|order|acheter|commander|comprar|pedir)\b/i;
    const found = [...seen].flatMap(([lang, byAction]) =>
      [...byAction.values()].flatMap((byLabel) => [...byLabel.keys()].filter((l) => selling.test(l)).map((l) => `${lang}: ${l}`)),
    );
    expect(found).toEqual([]);
  });

  it('carry one label per action in each language, beside the labels SPEC quotes', () => {
    const problems: string[] = [];
    for (const [lang, byAction] of seen) {
      const quoted = { ...SPEC_QUOTED[lang as Lang], [model.locales[lang]?.services.more ?? '']: 'SPEC §1: the card button without a link' };
      for (const [target, byLabel] of byAction) {
        const pending = PENDING[lang as Lang][target] ?? [];
        const free = [...byLabel.keys()].filter((label) => !(label in quoted) && !pending.includes(label));
        if (free.length > 1) problems.push(`${lang} ${target}: ${free.map((l) => `"${l}" (${[...(byLabel.get(l) ?? [])].join(', ')})`).join(' / ')}`);
      }
    }
    expect(problems, 'pick one label per action (content/STYLE.md); SPEC-quoted labels are listed in SPEC_QUOTED').toEqual([]);
  });

  it('lists as pending only labels a page still shows, and none for German or French', () => {
    expect(PENDING.de).toEqual({});
    expect(PENDING.fr).toEqual({});
    const stale = Object.entries(PENDING).flatMap(([lang, byAction]) =>
      Object.entries(byAction).flatMap(([target, labels]) =>
        labels.filter((l) => !seen.get(lang)?.get(target)?.has(l)).map((l) => `${lang} ${target}: "${l}"`),
      ),
    );
    expect(stale, 'remove these from PENDING: no page shows them any more').toEqual([]);
  });
});
