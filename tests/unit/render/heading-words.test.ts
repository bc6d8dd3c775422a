import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { WHOLE_WORD_OPEN, wholeHeadingWords as wholeWordsVisitor } from '../../../src/render/heading-words.ts';
import { mapBodyText } from '../../../src/render/hyphenation.ts';
import { renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { loadContent } from '../../../src/content/load.ts';

/** Soft hyphens shown as `|`, whole-word boxes as `[…]`. */
const show = (html: string) => html.replaceAll('\u00ad', '|').replaceAll(WHOLE_WORD_OPEN, '[').replaceAll('</span>', ']');
const soft = (text: string) => text.replaceAll('|', '\u00ad');
/** The heading pass alone, over text the body pass has already hyphenated. */
const wholeHeadingWords = (html: string) => mapBodyText(html, wholeWordsVisitor({ tag: (token) => token, text: (token) => token }));

describe('whole words in headings (render/heading-words.ts)', () => {
  it('sets each hyphenated word of a heading as one box, so it moves whole to the next line and breaks only when longer', () => {
    expect(show(wholeHeadingWords(soft('<h3 class="t">Governments and devolved admin|is|tra|tions</h3>')))).toBe(
      '<h3 class="t">Governments and devolved [admin|is|tra|tions]</h3>',
    );
    // A German compound keeps its joint inside the box: it still breaks there in a card too narrow for it.
    expect(show(wholeHeadingWords(soft('<h1>Allgemeine Geschäfts|bedingungen</h1><h4><a href="/p">Besprechungs|protokoll</a> heute</h4>')))).toBe(
      '<h1>Allgemeine [Geschäfts|bedingungen]</h1><h4><a href="/p">[Besprechungs|protokoll]</a> heute</h4>',
    );
    // Punctuation and what the typography pass binds with a no-break space stay in the word's box.
    expect(show(wholeHeadingWords(soft('<h2>Pour les parti|cu|liers, 10\u00a0établis|sements</h2>')))).toBe(
      '<h2>Pour les [parti|cu|liers,] [10\u00a0établis|sements]</h2>',
    );
  });

  it('leaves running text, islands, code and text styled hyphens-none as they are', () => {
    const html = soft(
      '<p>Governments and devolved admin|is|tra|tions</p><div data-island="x"><h3>Besprechungs|protokoll</h3></div>' +
        '<h3><code>Besprechungs|protokoll</code></h3><h3 class="hyphens-none">Besprechungs|protokoll</h3>',
    );
    expect(wholeHeadingWords(html)).toBe(html);
  });

  it('leaves a word glued to the text beside it, so its footnote mark or ending never moves to another line', () => {
    const html = soft('<h3>99,9 % Verfüg|barkeit<sup data-claim-ref=""><a href="#n1">1</a></sup></h3><h3>Platt|form<em>über|greifend</em> arbeiten</h3>');
    expect(wholeHeadingWords(html)).toBe(html);
    expect(show(wholeHeadingWords(soft('<h3>Verfüg|barkeit<br>Platt|form|über|greifend <em>heute</em></h3>')))).toBe(
      '<h3>[Verfüg|barkeit]<br>[Platt|form|über|greifend] <em>heute</em></h3>',
    );
  });

  it('ends a heading where the body pass does: one left open ends with the element around it, nothing after it lost', () => {
    expect(show(wholeHeadingWords(soft('<div><h3>Besprechungs|protokoll</div><p>heute</p>')))).toBe('<div><h3>[Besprechungs|protokoll]</div><p>heute</p>');
  });

  it('sets the hyphenated words of the real pages’ headings whole (design review 10: /en/education, /fr/education)', async () => {
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('content does not load');
    const model = loaded.value;
    const template = await readFile('templates/document.html', 'utf8');
    for (const [route, word] of [
      ['/en/education', 'admin|is|tra|tions'],
      ['/fr/education', 'parti|cu|liers'],
      ['/agb', 'Geschäfts|bedingungen'],
    ] as const) {
      const page = model.pages.find((p) => p.route === route);
      if (!page) throw new Error(`no page ${route}`);
      const html = show(renderRouteWithSources(model, page, { css: '/assets/site.css', loader: '/assets/islands.js' }, template).html);
      expect(html, route).toMatch(new RegExp(`<h[1-6][^>]*>[^<]*\\[${word.replaceAll('|', '\\|')}\\]`));
    }
  });
});
