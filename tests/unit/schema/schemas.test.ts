import { describe, expect, it } from 'vitest';
import { LocaleStrings } from '../../../src/schema/locale.ts';
import { createPageSchema } from '../../../src/schema/page.ts';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';
import { SiteConfig } from '../../../src/schema/site.ts';
import { Href, InlineText, RichText } from '../../../src/schema/text.ts';

const ctx = { plans: ['standard', 'plus'], savings: ['vsTwo'] };

describe('schemas', () => {
  it('discriminates sections on type and rejects unknown keys', () => {
    const Section = createSectionSchema(ctx);
    expect(Section.safeParse({ type: 'cta', title: 'Los', actions: [{ label: 'Kontakt', href: '#contact' }] }).success).toBe(true);
    const typo = Section.safeParse({ type: 'cta', title: 'Los', actions: [{ label: 'Kontakt', href: '#contact' }], titel: 'x' });
    expect(typo.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['titel'] });
    expect(Section.safeParse({ type: 'unknown' }).error?.issues[0]).toMatchObject({ code: 'invalid_union', discriminator: 'type' });
  });

  it('only accepts plan keys that site.yaml defines', () => {
    const Section = createSectionSchema(ctx);
    const plans = (plan: string) => ({
      type: 'plans',
      title: 'Preise',
      plans: [{ plan, name: 'P', tagline: 't', term: 'm', features: ['f'], action: { label: 'a', href: '#contact' } }],
    });
    expect(Section.safeParse(plans('plus')).success).toBe(true);
    expect(Section.safeParse(plans('smart')).success).toBe(false);
  });

  it('accepts only safe link targets', () => {
    for (const ok of ['/datenschutz', '#contact', 'https://example.org/x', 'mailto:a@b.de', 'tel:+49 921 123'])
      expect(Href.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'http://insecure.example', '#Bad Anchor', 'data:text/html,x', ''])
      expect(Href.safeParse(bad).success, bad).toBe(false);
    expect(InlineText.safeParse('Siehe [Datenschutz](/datenschutz).').success).toBe(true);
    expect(InlineText.safeParse('Siehe [hier](javascript:void).').success).toBe(false);
  });

  it('keeps rich text to paragraphs, lists and headings', () => {
    expect(RichText.safeParse(['Absatz', { list: ['a', 'b'] }, { ordered: ['1'] }, { heading: 'H' }]).success).toBe(true);
    expect(RichText.safeParse([{ html: '<b>x</b>' }]).success).toBe(false);
  });

  it('takes tables whose rows have a cell per column head, and callouts of paragraphs', () => {
    const table = (rows: string[][]) => RichText.safeParse([{ table: { head: ['Anbieter', 'Sitz'], rows } }]);
    expect(
      table([
        ['**A**', 'USA'],
        ['B', '[Frankreich](/x)'],
      ]).success,
    ).toBe(true);
    // A row short of a cell is named by its index, so the error points at the line in the YAML.
    expect(table([['A', 'USA'], ['B']]).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.table.rows.1', 'row has 1 cell, the table has 2 column heads'],
    ]);
    expect(table([]).success).toBe(false);
    expect(RichText.safeParse([{ callout: ['**Erster Satz.** Weiter.', 'Zweiter Absatz.'] }]).success).toBe(true);
    expect(RichText.safeParse([{ callout: [] }]).success).toBe(false);
    expect(RichText.safeParse([{ callout: ['[x](javascript:alert(1))'] }]).success).toBe(false);
  });

  it('requires a default locale that is listed, and known subscriptions in savings claims', async () => {
    const { parse } = await import('yaml');
    const { readFile } = await import('node:fs/promises');
    const site = parse(await readFile('content/site.yaml', 'utf8'), { customTags: [{ tag: '!placeholder', resolve: (v: string) => v }] });
    expect(SiteConfig.safeParse(site).success).toBe(true);
    const broken = structuredClone(site);
    broken.defaultLocale = 'es';
    broken.locales = [{ code: 'de', lang: 'de', hreflang: 'de' }];
    broken.constants.savings.vsTwo.against = ['chatgptPlus', 'copilot'];
    broken.brand.education = 'KI-Zentrale Bildung';
    const issues = SiteConfig.safeParse(broken).error?.issues.map((i) => i.path.join('.'));
    // The offer's trial readings name their languages; with only de listed, the other three are unknown.
    expect(issues).toEqual([
      'defaultLocale',
      'constants.savings.vsTwo.against.1',
      'offer.trials.freeWeek.locales.0',
      'offer.trials.freeWeek.locales.1',
      'offer.trials.freeWeek.locales.2',
    ]);
  });

  it('takes the education brand as one name or one per listed locale, and names a locale missing or unknown', async () => {
    const { parse } = await import('yaml');
    const { readFile } = await import('node:fs/promises');
    const site = parse(await readFile('content/site.yaml', 'utf8'), { customTags: [{ tag: '!placeholder', resolve: (v: string) => v }] });
    expect(Object.keys(site.brand.education)).toEqual(site.locales.map((l: { code: string }) => l.code));
    expect(SiteConfig.safeParse({ ...site, brand: { ...site.brand, education: 'KI-Zentrale Bildung' } }).success).toBe(true);
    const { es: _es, ...withoutSpanish } = site.brand.education;
    const broken = SiteConfig.safeParse({ ...site, brand: { ...site.brand, education: { ...withoutSpanish, it: 'KI-Zentrale Istruzione' } } });
    expect(broken.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['brand.education', `no education brand for locale 'es' (every listed locale needs one, e.g. es: "KI-Zentrale …")`],
      ['brand.education.it', `'it' is not a listed locale (locales: de, fr, en, es)`],
    ]);
  });

  it('has strict page and locale objects', () => {
    const Page = createPageSchema(ctx);
    const page = {
      slug: '',
      meta: { title: 't', description: 'd' },
      header: 'business',
      sections: [{ type: 'cta', title: 'x', actions: [{ label: 'a', href: '#a' }] }],
    };
    expect(Page.safeParse(page).success).toBe(true);
    expect(Page.safeParse({ ...page, extra: 1 }).success).toBe(false);
    expect(LocaleStrings.safeParse({}).success).toBe(false);
  });
});
