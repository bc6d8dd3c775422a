/**
 * `layout: folded` lists are one markup (render/sections/FoldedRow.tsx): CSS makes them rows or tiles on phones
 * and cards from 640 px. Each item's title, text and button are in the page once; they were printed twice, a card grid
 * hidden on phones and a folded list hidden from 640 px.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { FoldedRow, type FoldShape } from '../../../src/render/sections/FoldedRow.tsx';
import { readableText, renderRealSite, routeHtml, type RenderedPage } from './page-text.ts';

let pages: RenderedPage[];

beforeAll(async () => {
  ({ pages } = await renderRealSite());
});

/** Each `<section>` of the page that holds a folded list. */
function foldedSections(html: string): string[] {
  return [...html.matchAll(/<section\b(?:(?!<\/section>)[\s\S])*?data-folded="(?:tiles)?"[\s\S]*?<\/section>/g)].map((m) => m[0]);
}

describe('folded lists', () => {
  it.each([
    ['/', 1],
    ['/fr', 1],
    ['/en', 1],
    ['/es', 1],
    ['/chatbot', 3],
  ])('%s: each folded item has one title, one text and one summary, and every title is in its section once', (route, lists) => {
    const sections = foldedSections(routeHtml(pages, route));
    expect(sections).toHaveLength(lists);
    for (const section of sections) {
      const items = section.match(/<li [^>]*data-fold="(?:row|tile)"/g) ?? [];
      expect(items.length).toBeGreaterThanOrEqual(4);
      // Tiles two to a row on phones only where none is left alone in the last row; a list is all rows or all tiles.
      const shape = section.includes('data-folded="tiles"') ? 'tile' : 'row';
      if (shape === 'tile') expect(items.length % 2).toBe(0);
      expect(items.every((item) => item.endsWith(`data-fold="${shape}"`))).toBe(true);
      expect(section.match(/<h3 /g)).toHaveLength(items.length);
      expect(section.match(/<summary /g)).toHaveLength(items.length);
      const titles = [...section.matchAll(/<h3 [^>]*data-fold-title=""[^>]*>([\s\S]*?)<\/h3>/g)].map((m) =>
        readableText(m[1]!.replace(/<sup\b[\s\S]*?<\/sup>/g, '')).trim(),
      );
      expect(titles).toHaveLength(items.length);
      // Every title is the whole text of one element: a button's name repeats its card's title only for screen
      // readers (Services' CardButton), and footnote marks are left out.
      const plain = section
        .replace(/<span class="sr-only">[\s\S]*?<\/span>|<sup\b[\s\S]*?<\/sup>|<!-- -->/g, '')
        .replace(/<span class="(?:whitespace-nowrap|inline-block)">([^<]*)<\/span>/g, '$1');
      const texts = [...plain.matchAll(/>([^<]+)</g)].map((m) => readableText(m[1]!).trim());
      for (const title of titles)
        expect(
          texts.filter((t) => t === title),
          `"${title}" in ${route}`,
        ).toHaveLength(1);
      // The summary is named by the title (and the line under it): it repeats no text of its own.
      for (const summary of section.matchAll(/<summary ([^>]*)>([\s\S]*?)<\/summary>/g)) {
        expect(summary[1]).toMatch(/aria-labelledby="[^"]+"/);
        expect(readableText(summary[2]!).trim()).toBe('');
      }
    }
  });

  it('/: each service button is in the page once: five to the contact section, one to /chatbot', () => {
    const html = routeHtml(pages, '/');
    expect(html.match(/<a href="#contact"[^>]*>Mehr erfahren/g)).toHaveLength(5);
    expect(html.match(/<a href="\/chatbot"[^>]*>Details ansehen/g)).toHaveLength(1);
  });
});

describe('FoldedRow', () => {
  const item = (shape?: FoldShape) =>
    renderToStaticMarkup(
      createElement(FoldedRow, { id: 'x-0', icon: 'globe', title: 'Hosting in Europa', shape, children: createElement('p', null, 'Betrieb in Europa.') }),
    );

  it('is a row unless its shape says tile, and names its shape in its markup (styles.css lays out each)', () => {
    expect(item()).toMatch(/^<li [^>]*data-fold="row"/);
    expect(item('row')).toBe(item());
    expect(item('tile')).toMatch(/^<li [^>]*data-fold="tile"/);
  });

  it('a tile draws its face on phones in styles.css, beside the row of its text: its box carries no surface below 640 px', () => {
    const classes = /^<li class="([^"]*)"/.exec(item('tile'))![1]!.split(' ');
    expect(classes.filter((c) => !c.startsWith('sm:'))).toEqual([]);
  });

  it('keeps one markup: title, summary named by it, and the text inside the <details>, in reading order', () => {
    for (const shape of ['row', 'tile'] as const) {
      const html = item(shape);
      expect(html).toMatch(
        /<h3 id="x-0"[^>]*>Hosting in Europa<\/h3><details class="group"><summary aria-labelledby="x-0">[\s\S]*<\/summary><p>Betrieb in Europa.<\/p><\/details><\/li>$/,
      );
    }
  });
});
