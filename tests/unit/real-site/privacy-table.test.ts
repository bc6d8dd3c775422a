/**
 * The privacy policy's processors as a table and its right to object as a callout (design review 6 #13), rendered
 * from the real content: the column heads are the page's own, one row per recipient site.yaml lists, each with
 * the name, seat and (outside the EU) safeguard printed from the constants; no bullet list of them remains.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { readableText, realModel, renderBare } from '../render/page-text.ts';

let model: SiteModel;
let html: string;

beforeAll(async () => {
  model = await realModel();
  html = renderBare(model, '/datenschutz');
});

/** The HTML of the part with this id (a `<section id=…>` of the legal document). */
function part(id: string): string {
  const match = new RegExp(`<section id="${id}"[\\s\\S]*?</section>`).exec(html);
  if (!match) throw new Error(`no part #${id}`);
  return match[0];
}

describe('privacy policy page', () => {
  it('lists the recipients as a table: Anbieter / Zweck / Sitz / Grundlage, a row each with its facts from site.yaml', () => {
    const recipients = Object.values(model.site.constants.privacy.recipients);
    const processors = part('empfaenger');
    const heads = [...processors.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['Anbieter', 'Zweck', 'Sitz', 'Grundlage']);
    const rows = [...processors.matchAll(/<tr[^>]*>\s*<th scope="row"[\s\S]*?<\/tr>/g)].map((m) => m[0]);
    expect(rows).toHaveLength(recipients.length);
    for (const [i, recipient] of recipients.entries()) {
      const cells = [...(rows[i] ?? '').matchAll(/<(th|td)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) =>
        readableText((m[2] ?? '').replace(/<span aria-hidden="true"[^>]*>[^<]*<\/span>/, ''))
          .replace(/\u00ad/g, '')
          .trim(),
      );
      expect(cells[0]).toBe(recipient.name);
      expect(cells[2]).toBe(recipient.seat);
      expect(cells[3]).toContain(recipient.thirdCountry ? recipient.safeguard : 'Keine Übermittlung in ein Drittland');
    }
    // Each cell below 640 px shows its head for the eye only; screen readers have the table's own heads.
    expect(rows[0]).toMatch(/<span aria-hidden="true" class="[^"]*sm:hidden[^"]*">Zweck<\/span>/);
    expect(processors).not.toMatch(/<li>[^<]*<strong>/);
  });

  it('sets the right to object in a callout in the text weight, only its first sentence bold', () => {
    const callout = /<div data-callout=""[^>]*>([\s\S]*?)<\/div>/.exec(part('widerspruch'))?.[1] ?? '';
    const paragraphs = [...callout.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1] ?? '');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.replace(/\u00ad/g, '')).toMatch(/^<strong[^>]*>Verarbeiten wir Ihre Daten [^<]*ergibt\.<\/strong> Wir verarbeiten/);
    expect(paragraphs[1]).not.toContain('<strong>');
  });
});
