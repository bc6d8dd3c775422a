import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { fitLines, type FontMetrics } from '../../../src/output/card-text-fit.ts';
import { fittedCardText } from '../../../src/output/social-card-render.ts';
import { cardText } from '../../../src/output/social-cards.ts';
import { renderRealSite } from '../render/page-text.ts';

/**
 * A social card's title and description are cut at a word with "…" to fit their lines, measured in the card's
 * font, instead of satori's lineClamp cutting mid-word ("un soutie...") or between a figure and its unit.
 */

/** Every character 10 px wide at 20 px: a 250 px box holds 24 characters a line (the 4 % kerning margin). */
const MONO: FontMetrics = { unitsPerEm: 1000, advance: () => 500 };
const BOX = { size: 20, width: 250, lines: 2 };

describe('fitLines', () => {
  it('leaves a text that fits as it is', () => {
    expect(fitLines('Short enough to fit.', MONO, BOX)).toBe('Short enough to fit.');
  });

  it('cuts after a whole word with an ellipsis, within the lines, never inside a word', () => {
    const text = 'Learning platform for pupils and teachers everywhere in Europe';
    const cut = fitLines(text, MONO, BOX);
    expect(cut).toBe('Learning platform for pupils and teachers…');
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(text[cut.length - 1]).toBe(' ');
  });

  it('does not end on a short word ("of…", "Ab…") and drops a comma or colon before the ellipsis', () => {
    // What fits ends "… pricing of": the cut goes back to "pricing".
    expect(fitLines('Models, privacy, support and the pricing of every plan', MONO, BOX)).toBe('Models, privacy, support and the pricing…');
    expect(fitLines('Einfache Tarife für alle Teams: monatlich kündbar, ohne Laufzeit', MONO, BOX)).toBe('Einfache Tarife für alle Teams…');
    expect(fitLines('Tarife und Preise für Teams, ab Januar günstiger', MONO, BOX)).toBe('Tarife und Preise für Teams…');
  });

  it('keeps a figure with its unit: a no-break space is not a place to cut', () => {
    // The no-break space binds "17" to "€": no cut or line break falls between them.
    expect(fitLines('Automatische Modellwahl ab 17\u00a0€ pro Nutzer im Monat', MONO, BOX)).toBe('Automatische Modellwahl ab 17\u00a0€ pro Nutzer…');
  });

  it('ends with a whole sentence when that keeps most of what fits', () => {
    expect(fitLines('Hosted in Europe for all your teams. Automatic model selection', MONO, BOX)).toBe('Hosted in Europe for all your teams.');
  });

  it('returns a single word too long for the box as it is (satori clamps it)', () => {
    const word = 'x'.repeat(80);
    expect(fitLines(word, MONO, BOX)).toBe(word);
  });
});

describe('the real site’s social cards', () => {
  let work: string;
  let cache: BuildCache;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-card-fit-'));
    cache = directoryCache(work);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('cut each title and description at a word, measured in Inter', async () => {
    const { model } = await renderRealSite();
    const cuts: string[] = [];
    for (const entry of model.pages) {
      const full = cardText(model, entry);
      const shown = await fittedCardText(full, cache);
      for (const [whole, part] of [
        [full.title, shown.title],
        [full.description, shown.description],
      ] as const) {
        if (part === whole.replace(/\s+/g, ' ').trim()) continue;
        cuts.push(`${entry.route}: ${part}`);
        const kept = part.endsWith('…') ? part.slice(0, -1) : part;
        // What is kept is the text's start up to the end of a word (a comma or colon there may go).
        const rest = whole.slice(kept.length);
        expect(whole.startsWith(kept), part).toBe(true);
        expect(rest, part).toMatch(/^[\s,;:]/u);
      }
    }
    // The French education card was cut mid-word before ("… 6 langues et un soutie...").
    expect(cuts.some((c) => c.startsWith('/fr/education: '))).toBe(true);
    expect(cuts.filter((c) => /soutie…|\bAb…/.test(c))).toEqual([]);
  }, 60_000);

  it('the English cards end with a whole sentence, not mid-list ("For schools, trusts…")', async () => {
    const { model } = await renderRealSite();
    for (const route of ['/en', '/en/education']) {
      const entry = model.pages.find((p) => p.route === route);
      expect(entry, route).toBeDefined();
      if (!entry) continue;
      const shown = await fittedCardText(cardText(model, entry), cache);
      expect(shown.description, route).toMatch(/\.$/);
    }
  }, 60_000);
});
