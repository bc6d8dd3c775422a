import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { gridColumns } from '../../../src/render/grid.ts';
import { KeepTogether } from '../../../src/render/keep-together.tsx';
import { Inline } from '../../../src/islands/inline-markup.tsx';

/** Columns per breakpoint for `count` cards, from the classes gridColumns gives. */
function columnsAt(count: number, preferred: 2 | 3 | 4 = 3, threeAcross: 'md' | 'lg' = 'lg') {
  const classes = gridColumns(count, preferred, threeAcross).split(' ');
  // Columns without a breakpoint (a phone's): one unless a plain `grid-cols-N` says otherwise.
  const base = Number(
    classes
      .find((c) => c.startsWith('grid-cols-'))
      ?.split('-')
      .pop() ?? 1,
  );
  const at = (prefixes: string[]) => {
    let columns = base;
    for (const prefix of prefixes) {
      const found = classes.find((c) => c.startsWith(`${prefix}:grid-cols-`));
      if (found) columns = Number(found.split('-').pop());
    }
    return columns;
  };
  return { sm: at(['sm']), md: at(['sm', 'md']), lg: at(['sm', 'md', 'lg']), xl: at(['sm', 'md', 'lg', 'xl']) };
}

describe('gridColumns', () => {
  it('never leaves one card alone on a row below a fuller row, at any breakpoint', () => {
    for (let count = 2; count <= 12; count++) {
      for (const preferred of [2, 3, 4] as const) {
        for (const [breakpoint, columns] of Object.entries(columnsAt(count, preferred))) {
          const last = count % columns;
          expect(last === 1 && count > columns, `${count} cards, ${columns} columns at ${breakpoint}`).toBe(false);
        }
      }
    }
  });

  it('lays out the counts the site uses as balanced rows', () => {
    expect(columnsAt(3)).toEqual({ sm: 1, md: 1, lg: 3, xl: 3 });
    expect(columnsAt(3, 3, 'md')).toEqual({ sm: 1, md: 3, lg: 3, xl: 3 });
    expect(columnsAt(4, 4)).toEqual({ sm: 2, md: 2, lg: 4, xl: 4 });
    expect(columnsAt(6)).toEqual({ sm: 2, md: 2, lg: 3, xl: 3 });
    // The ten learning modes: a compact two-column list up to 1280 px, 5 × 2 from there (a fifth of 1024 px was too narrow).
    expect(columnsAt(10)).toEqual({ sm: 2, md: 2, lg: 2, xl: 5 });
    expect(gridColumns(10).split(' ')).toContain('grid-cols-2');
  });
});

describe('KeepTogether', () => {
  const html = (text: string) => renderToStaticMarkup(<KeepTogether text={text} />);

  it('keeps an e-mail address whole, in page text and in island text (Inline), with the text unchanged', () => {
    const text = 'by emailing service@ki-zentrale.de; this does not affect';
    for (const out of [html(text), renderToStaticMarkup(<Inline text={text} />)]) {
      expect(out).toContain('<span class="whitespace-nowrap">service@ki-zentrale.de</span>');
      expect(out.replace(/<[^>]+>/g, '')).toBe(text);
    }
    expect(renderToStaticMarkup(<Inline text="no address here" />)).toBe('no address here');
  });

  it('keeps figure ranges, figures with units and acronym names on one line without changing the text', () => {
    const out = html('85–100 % mehr Umsatz mit KI-Zentrale, 24/7 für 21 €');
    expect(out).toContain('<span class="whitespace-nowrap">85–100 %</span>');
    expect(out).toContain('<span class="whitespace-nowrap">KI-Zentrale</span>');
    expect(out).toContain('<span class="whitespace-nowrap">24/7</span>');
    expect(out).toContain('<span class="whitespace-nowrap">21 €</span>');
    expect(out.replace(/<[^>]+>/g, '')).toBe('85–100 % mehr Umsatz mit KI-Zentrale, 24/7 für 21 €');
  });

  it('keeps a short word with the acronym after it ("de / IA"), not a long word or a name', () => {
    const out = html('Reúna sus herramientas de IA en la UE, the US, Besprechungen mit KI-Zentrale');
    expect(out).toContain('<span class="whitespace-nowrap">de IA</span>');
    expect(out).toContain('<span class="whitespace-nowrap">la UE</span>');
    expect(out).toContain('<span class="whitespace-nowrap">the US</span>');
    expect(out).not.toContain('mit KI');
    expect(html('Herramientas IA')).toBe('Herramientas IA');
    expect(out.replace(/<[^>]+>/g, '')).toBe('Reúna sus herramientas de IA en la UE, the US, Besprechungen mit KI-Zentrale');
  });

  it('keeps a short word with its Roman numeral together', () => {
    const out = html('Schulstufen: Primar, Sek I, Sek II');
    expect(out).toContain('<span class="whitespace-nowrap">Sek I</span>');
    expect(out).toContain('<span class="whitespace-nowrap">Sek II</span>');
    expect(html('Kontakt Ihres Teams')).toBe('Kontakt Ihres Teams');
  });

  it('finds each kind of phrase in a text that holds no other (a figure, a unit, an acronym name, a numeral)', () => {
    expect(html('rund um die Uhr: 24/7')).toBe('rund um die Uhr: <span class="whitespace-nowrap">24/7</span>');
    expect(html('nur 21 €')).toBe('nur <span class="whitespace-nowrap">21 €</span>');
    expect(html('die neue KI-Zentrale')).toBe('die neue <span class="whitespace-nowrap">KI-Zentrale</span>');
    expect(html('Klasse III')).toBe('<span class="whitespace-nowrap">Klasse III</span>');
  });

  it('leaves long compounds breakable and plain text untouched', () => {
    expect(html('DSGVO-Auftragsverarbeitungsverträge')).toBe('DSGVO-Auftragsverarbeitungsverträge');
    expect(html('Allgemeine Geschäftsbedingungen')).toBe('Allgemeine Geschäftsbedingungen');
  });
});
