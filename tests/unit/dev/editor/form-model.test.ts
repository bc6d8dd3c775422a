import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CUSTOM_TAGS } from '../../../../src/content/yaml-source.ts';
import {
  entryFor,
  entryLabel,
  fieldHelp,
  fieldLabel,
  fieldOrder,
  NAVIGATION,
  optionLabel,
  friendlyError,
  hasReference,
  isLongText,
  itemTitle,
  membersOf,
  errorMessage,
  newValue,
  placeholderFor,
  isLinkTarget,
  linkTargets,
  pageLabel,
  pageMatches,
  pageOtherTitle,
  parseNumber,
  readAs,
  slugOf,
  takesReference,
  withValues,
  type JsonSchema,
} from '../../../../src/dev/editor/client/form-model.ts';
import { formSchema } from '../../../../src/dev/editor/form-schema.ts';
import { formatDuration, formatEuro, formatNumber } from '../../../../src/content/references.ts';
import { MESSAGES, uiLanguageFor } from '../../../../src/dev/editor/messages/index.ts';
import { createPageSchema } from '../../../../src/schema/page.ts';

const ctx = { plans: ['standard', 'plus', 'smart'], savings: ['vsTwo'] };
const page = formSchema('page', ctx);
const sectionsOf = (schema: JsonSchema) => membersOf((schema.properties as Record<string, JsonSchema>).sections?.items as JsonSchema) ?? [];
const section = (type: string) => sectionsOf(page).find((m) => (m.properties as Record<string, JsonSchema>).type?.const === type) as JsonSchema;
const { de, en } = MESSAGES;

/** Every property key of a JSON Schema tree. */
function keysOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keysOf(item, out));
  else if (node && typeof node === 'object') {
    const record = node as JsonSchema;
    if (record.properties && typeof record.properties === 'object') for (const key of Object.keys(record.properties)) out.add(key);
    Object.values(record).forEach((item) => keysOf(item, out));
  }
  return out;
}

/** Every field path of a form (entries of a list or a map as `*`), each once. */
function fieldPaths(schema: JsonSchema): (string | number)[][] {
  const out = new Map<string, string[]>();
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object' || at.length > 14) return;
    const record = node as JsonSchema;
    for (const member of membersOf(record) ?? []) walk(member, at);
    for (const [key, child] of Object.entries((record.properties ?? {}) as Record<string, JsonSchema>)) {
      out.set([...at, key].join('.'), [...at, key]);
      walk(child, [...at, key]);
    }
    if (record.items) walk(record.items, [...at, '*']);
    if (record.additionalProperties && typeof record.additionalProperties === 'object') walk(record.additionalProperties, [...at, '*']);
  };
  walk(schema, []);
  return [...out.values()];
}

describe('the form an author sees', () => {
  it('lists a hero title, text and buttons first; id, tone, image and publishing under "more"; never the type', () => {
    const { first, more } = fieldOrder(section('hero'));
    expect(first.slice(0, 4)).toEqual(['title', 'highlight', 'eyebrow', 'lead']);
    expect(first.indexOf('actions')).toBeLessThan(first.indexOf('stats'));
    expect(more).toEqual(expect.arrayContaining(['id', 'tone', 'image', 'draft', 'publishAt', 'unpublishAt']));
    expect([...first, ...more]).not.toContain('type');
    expect(fieldOrder(page).first.slice(0, 2)).toEqual(['sections', 'meta']);
    expect(fieldOrder(page).more).toContain('slug');
  });

  it('leaves a page’s own draft switch to the publishing bar; its times and a section’s draft stay under "more"', () => {
    const { first, more } = fieldOrder(page, [], 'page');
    expect([...first, ...more]).not.toContain('draft');
    expect(more).toEqual(expect.arrayContaining(['publishAt', 'unpublishAt']));
    expect(fieldOrder(section('hero'), ['sections', 0], 'page').more).toContain('draft');
  });

  it('draws a locale file’s navigation as its own group, never under "more", its link entries named "Link"', () => {
    const locale = formSchema('locale', ctx);
    const properties = locale.properties as Record<string, JsonSchema>;
    const root = fieldOrder(locale, [], 'locale');
    expect(root.first).toContain('header');
    expect(root.more).not.toContain('header');
    const header = fieldOrder(properties.header as JsonSchema, ['header'], 'locale');
    expect([...header.first, ...header.more]).toEqual(expect.arrayContaining(['navLabel', 'homeLabel']));
    expect([...header.first, ...header.more]).not.toContain('menus');
    const footer = fieldOrder(properties.footer as JsonSchema, ['footer'], 'locale');
    expect([...footer.first, ...footer.more]).not.toContain('columns');
    expect(footer.more).toEqual([]);
    expect(NAVIGATION).toEqual([
      ['header', 'menus'],
      ['footer', 'columns'],
    ]);
    // A page's header (which bar it shows) stays under "more".
    expect(fieldOrder(page, [], 'page').more).toContain('header');
    // A footer entry is "Text (ohne Link)" or "Link", not "Absatz / label, href".
    const columns = (properties.footer as JsonSchema).properties as Record<string, JsonSchema>;
    const entry = (((columns.columns as JsonSchema).items as JsonSchema).properties as Record<string, JsonSchema>).items as JsonSchema;
    const kinds = membersOf(entry.items as JsonSchema)?.map((member) => optionLabel(String(member.title), de));
    expect(kinds).toEqual(['Text (ohne Link)', 'Link']);
    expect(membersOf(entry.items as JsonSchema)?.map((member) => optionLabel(String(member.title), en))).toEqual(['Text (no link)', 'Link']);
    expect(itemTitle({ label: 'Webinare', href: '/webinare' }, 'Einträge 2', de)).toBe('Webinare');
    expect(itemTitle({ title: 'Rechtliches', items: ['x'] }, 'Spalten 1', de)).toBe('Rechtliches');
  });

  it('labels every field of every section type, with a line of help, in each UI language', () => {
    const keys = keysOf(page);
    // The walk reaches every section type's own fields (a new field of any of them must be named), mock drawings too.
    for (const key of ['agentsTitle', 'openFirst', 'tierHeading', 'pathLabel', 'numbering', 'presetProducts']) expect(keys.has(key), key).toBe(true);
    for (const [language, m] of Object.entries(MESSAGES))
      for (const key of keys) {
        expect((m.fields as Record<string, string>)[key], `${language} label of ${key}`).toBeTruthy();
        expect((m.help as Record<string, string>)[key], `${language} help for ${key}`).toBeTruthy();
        expect(fieldHelp(key, undefined, m, language === 'en'), `${language} help shown for ${key}`).toBe((m.help as Record<string, string>)[key]);
      }
    expect(fieldLabel('title', undefined, de)).toBe('Titel');
    // A key without a name of its own is spelled out, not shown as code.
    expect(fieldLabel('retryAfterSeconds', undefined, en)).toBe('Retry after seconds');
  });

  it('labels every field of site.yaml and of a locale file, with a line of help, in each UI language', () => {
    const walked: Record<string, number> = {};
    for (const kind of ['site', 'locale'] as const) {
      const paths = fieldPaths(formSchema(kind, ctx));
      walked[kind] = paths.length;
      for (const [language, m] of Object.entries(MESSAGES))
        for (const at of paths) {
          const key = at[at.length - 1] as string;
          const where = `${language} ${kind}:${at.join('.')}`;
          expect(entryFor(m.fields as Record<string, string>, key, at, kind), `label of ${where}`).toBeTruthy();
          expect(fieldHelp(key, undefined, m, false, at, kind), `help for ${where}`).toBeTruthy();
        }
    }
    // The walk reaches the company details, the backend, the terms' figures, the forms' variants and the offer's lines.
    expect(walked.site).toBeGreaterThan(140);
    expect(walked.locale).toBeGreaterThan(200);
    // A key means what its place says: the site's company name, a locale's navigation bar, a form's e-mail label.
    expect(fieldLabel('legalName', undefined, de, ['company', 'legalName'], 'site')).toBe('Firmenname (laut Register)');
    expect(fieldHelp('header', undefined, de, false, ['header'], 'locale')).not.toBe(fieldHelp('header', undefined, de, false, ['header'], 'page'));
    expect(fieldHelp('header', undefined, en, true, ['header'], 'page')).toBe(en.help.header);
    expect(fieldLabel('email', undefined, de, ['forms', 'labels', 'email'], 'locale')).not.toBe(fieldLabel('email', undefined, de, ['email'], 'site'));
    expect(fieldLabel('code', undefined, en, ['locales', 0, 'code'], 'site')).toBe('Language code');
    expect(fieldLabel('code', undefined, en, ['sections', 0, 'code'], 'page')).toBe('Status code');
  });

  it('tells a key apart by its path where it means something else: a plan’s price is the figure, not a price line', () => {
    const planPrice = ['constants', 'plans', 'standard', 'price'];
    expect(fieldLabel('price', undefined, de, planPrice)).toBe('Preis (€ pro Nutzer und Monat)');
    expect(fieldHelp('price', undefined, de, false, planPrice)).toContain('17,90');
    expect(fieldLabel('price', undefined, de, ['sections', 3, 'cards', 0, 'price'])).toBe('Preis');
    expect(fieldHelp('price', undefined, en, true, ['sections', 3, 'cards', 0, 'price'])).toBe(en.help.price);
    expect(fieldLabel('title', undefined, en, ['meta', 'title'])).toBe('Title in search results');
    expect(fieldLabel('title', undefined, en, ['sections', 0, 'title'])).toBe('Title');
    expect(fieldLabel('upTo', undefined, de, ['constants', 'savings', 'vsTwo', 'upTo'])).toBe('„Bis zu“-Aussage');
    expect(fieldLabel('models', undefined, de, ['constants', 'claims', 'models'])).toBe('Anzahl der KI-Modelle');
    expect(fieldLabel('models', undefined, de, ['sections', 0, 'mock', 'models'])).toBe(de.fields.models);
    // The longest matching path wins; a path never matches a shorter field path.
    expect(entryFor({ price: 'a', 'plans.*.price': 'b', 'constants.plans.*.price': 'c' }, 'price', planPrice)).toBe('c');
    expect(entryFor({ price: 'a', 'plans.*.price': 'b' }, 'price', ['plans', 'price'])).toBe('a');
  });

  it('has every label and help line of en.ts in every message file, and every path-keyed one names a real field', () => {
    for (const [language, m] of Object.entries(MESSAGES))
      for (const key of Object.keys(en.fields)) {
        expect((m.fields as Record<string, string>)[key], `${language} label of ${key}`).toBeTruthy();
        expect((m.help as Record<string, string>)[key], `${language} help for ${key}`).toBeTruthy();
      }
    // Every field path of the page, settings and UI-strings forms, entries of a list or a map as `*`.
    const paths = { page: fieldPaths(page), site: fieldPaths(formSchema('site', ctx)), locale: fieldPaths(formSchema('locale', ctx)) };
    const pathKeyed = Object.keys(en.fields).filter((key) => key.includes('.') || key.includes(':'));
    expect(pathKeyed).toContain('plans.*.price');
    expect(pathKeyed).toContain('locale:header');
    const matches = (parts: string[], p: (string | number)[]) => parts.every((part, i) => part === '*' || part === String(p[i]));
    for (const pattern of pathKeyed) {
      const [kind, rest] = pattern.includes(':') ? (pattern.split(':') as [keyof typeof paths, string]) : [undefined, pattern];
      const parts = rest.split('.');
      const used = kind
        ? paths[kind].some((p) => p.length === parts.length && matches(parts, p))
        : Object.values(paths)
            .flat()
            .some((p) => p.length >= parts.length && matches(parts, p.slice(p.length - parts.length)));
      expect(used, pattern).toBe(true);
    }
  });

  it('names every section type and every choice of a page, site.yaml and a locale file in each UI language (not the names of data: icons, plans, claims, products)', () => {
    const choices = new Set<string>(sectionsOf(page).map((m) => String((m.properties as Record<string, JsonSchema>).type?.const)));
    const names = new Set(['icon', 'plan', 'claim', 'presetProducts']);
    const walk = (node: unknown, key: string) => {
      if (Array.isArray(node)) return node.forEach((item) => walk(item, key));
      if (!node || typeof node !== 'object') return;
      const record = node as JsonSchema;
      if (Array.isArray(record.enum) && !names.has(key)) for (const value of record.enum) choices.add(String(value));
      for (const [k, child] of Object.entries((record.properties ?? {}) as Record<string, JsonSchema>)) {
        if (child.const !== undefined && k !== 'type') choices.add(String(child.const));
        walk(child, k);
      }
      for (const [k, child] of Object.entries(record)) if (k !== 'properties') walk(child, key);
    };
    walk(page, '');
    walk(formSchema('site', ctx), '');
    walk(formSchema('locale', ctx), '');
    expect(choices).toContain('chatbotPricing');
    expect(choices).toContain('continuesUnlessCancelled');
    expect(choices).toContain('dashboard');
    for (const [language, m] of Object.entries(MESSAGES))
      for (const choice of choices) expect((m.options as Record<string, string>)[choice], `${language} name of ${choice}`).toBeTruthy();
  });

  it('titles list items by their content', () => {
    expect(itemTitle({ question: 'Ist meine Datenbank sicher?', answer: ['Ja.'] }, 'Einträge 3', de)).toBe('Ist meine Datenbank sicher?');
    expect(itemTitle({ type: 'faq', title: 'Häufige Fragen' }, '?', de)).toBe('Fragen und Antworten: Häufige Fragen');
    expect(itemTitle({ label: 'Kostenlos testen', href: '/test' }, 'Knöpfe 1', de)).toBe('Kostenlos testen');
    expect(itemTitle({ href: '/x' }, 'Knöpfe 2', de)).toBe('Knöpfe 2');
    expect(itemTitle('x'.repeat(100), '', de)).toHaveLength(70);
    // References read as the values pages print; one the site does not have stays visible as written.
    const constants = [
      { ref: 'brand.name', value: 'KI-Zentrale' },
      { ref: 'savings.vsTwo.percent', value: '53' },
    ];
    expect(itemTitle({ question: 'Was ist {{brand.name}}?' }, '?', de, constants)).toBe('Was ist KI-Zentrale?');
    expect(itemTitle({ type: 'savings', title: '{{ savings.vsTwo.percent }} % günstiger' }, '?', de, constants)).toBe('Ersparnis: 53 % günstiger');
    expect(itemTitle({ title: '{{plans.gold.price}} €' }, '?', de, constants)).toBe('{{plans.gold.price}} €');
  });

  it('names a page in the page list by its heading in the editor’s language where it has one, with its address', () => {
    const constants = [{ ref: 'brand.name', value: 'KI-Zentrale' }];
    const titles = { de: 'Vertriebsleitfaden {{brand.name}}', en: 'Sales guide' };
    expect(pageLabel(titles, ['de', 'de'], '/leitfaden', 'leitfaden', constants)).toBe('Vertriebsleitfaden KI-Zentrale — /leitfaden');
    // An English editor reads the English heading of the German file; a page without one in that language, its own.
    expect(pageLabel(titles, ['en', 'de'], '/leitfaden', 'leitfaden', constants)).toBe('Sales guide — /leitfaden');
    expect(pageLabel({ de: 'Impressum' }, ['fr', 'de'], '/impressum', 'impressum')).toBe('Impressum — /impressum');
    // No heading yet: the folder name, never an empty link.
    expect(pageLabel(undefined, ['de'], '/404', 'not-found')).toBe('not-found — /404');
  });

  it('names a translation by its own heading, the heading the author knows as a second line', () => {
    const titles = { de: 'Die besten KI-Modelle.', en: 'The leading AI models.', fr: 'Die besten KI-Modelle.' };
    expect(pageLabel(titles, ['en'], '/en', 'home')).toBe('The leading AI models. — /en');
    expect(pageOtherTitle(titles, 'en', ['de', 'de'])).toBe('Die besten KI-Modelle.');
    // The German file in a German editor, or a translation still reading as the German: no second line.
    expect(pageOtherTitle(titles, 'de', ['de', 'de'])).toBeUndefined();
    expect(pageOtherTitle(titles, 'fr', ['de', 'de'])).toBeUndefined();
    // An English editor on the German file reads the English heading under it; references as their values.
    expect(pageOtherTitle(titles, 'de', ['en', 'de'])).toBe('The leading AI models.');
    expect(pageOtherTitle({ de: 'Preise {{brand.name}}', en: 'Prices' }, 'en', ['de'], [{ ref: 'brand.name', value: 'KI-Zentrale' }])).toBe(
      'Preise KI-Zentrale',
    );
    expect(pageOtherTitle({ de: 'Impressum' }, 'de', ['en'])).toBeUndefined();
  });

  it('offers a link field every page by address and heading, then the open page’s sections by anchor, each once', () => {
    const titles = { faq: { de: 'Fragen', en: 'Questions' }, home: { de: 'Start {{brand.name}}' } };
    const routes = { faq: { de: '/faq', en: '/en/faq' }, home: { de: '/' } };
    const sections = [{ id: 'pricing', label: 'Preise' }, { label: 'Ohne Anker' }, { id: 'pricing', label: 'Zweimal' }];
    expect(linkTargets(titles, routes, sections, [{ ref: 'brand.name', value: 'KI-Zentrale' }])).toEqual([
      { value: '/', label: 'Start KI-Zentrale' },
      { value: '/en/faq', label: 'Questions' },
      { value: '/faq', label: 'Fragen' },
      { value: '#pricing', label: 'Preise' },
    ]);
    expect(['href', 'link', 'contactHref'].every(isLinkTarget)).toBe(true);
    expect(isLinkTarget('label')).toBe(false);
    expect(isLinkTarget(0)).toBe(false);
  });

  it('finds a page by every word typed, in any order, accents and case aside', () => {
    const texts = ['Über uns', 'About us', '/ueber-uns', 'ueber-uns'];
    expect(pageMatches('uber', texts)).toBe(true);
    expect(pageMatches('US about', texts)).toBe(true);
    expect(pageMatches('/ueber', texts)).toBe(true);
    expect(pageMatches('  ', texts)).toBe(true);
    expect(pageMatches('uber preise', texts)).toBe(false);
    expect(pageMatches('préférences', ['Preferences'])).toBe(true);
  });

  it('reads a text with references as the page prints it, each value marked by its reference, the text kept as written', () => {
    const constants = [
      { ref: 'brand.name', value: 'KI-Zentrale' },
      { ref: 'plans.standard.price', value: '17.9' },
      { ref: 'cookies.consentMaxAgeSeconds', value: '31536000' },
    ];
    const text = 'Ab {{ plans.standard.price | eur }} bei {{brand.name}}, gültig {{cookies.consentMaxAgeSeconds | duration}}; {{plans.gold.price}}';
    expect(readAs(text, constants, 'de')).toEqual([
      { text: 'Ab ' },
      { ref: 'plans.standard.price', source: '{{ plans.standard.price | eur }}', value: '17,90\u00a0€' },
      { text: ' bei ' },
      { ref: 'brand.name', source: '{{brand.name}}', value: 'KI-Zentrale' },
      { text: ', gültig ' },
      { ref: 'cookies.consentMaxAgeSeconds', source: '{{cookies.consentMaxAgeSeconds | duration}}', value: '1\u00a0Jahr' },
      { text: '; ' },
      // Not among the settings: no value, shown as written and flagged.
      { ref: 'plans.gold.price', source: '{{plans.gold.price}}' },
    ]);
    // Joined, the pieces are the text itself: nothing is lost between what the field holds and what is shown.
    expect(
      readAs(text, constants, 'de')
        .map((p) => (p.ref === undefined ? p.text : p.source))
        .join(''),
    ).toBe(text);
    expect(withValues('{{plans.standard.price}} pro Monat', constants, 'de')).toBe('17,9 pro Monat');
    expect(withValues('{{plans.standard.price | eur}}', constants, 'en')).toBe('€17.90');
    expect(hasReference('Ohne Bezug {{ nicht }')).toBe(false);
    expect(hasReference('Mit {{brand.name}}')).toBe(true);
  });

  it('prints a reference with the loader’s own formatters, so the form cannot drift from the page', () => {
    const figures = [
      { ref: 'plans.standard.price', value: '1234' },
      { ref: 'plans.plus.price', value: '12345.5' },
      { ref: 'cookies.consentMaxAgeSeconds', value: '31536000' },
      { ref: 'cookies.sidebarStateDays', value: '7' },
      { ref: 'claims.models', value: '2025' },
    ];
    const shown = (text: string, intl: string) => withValues(text, figures, intl);
    for (const intl of ['de-DE', 'en-GB', 'fr-FR', 'es-ES']) {
      // A four-digit euro amount reads "1234 €" on the page (grouping from five digits on), in the form too.
      expect(shown('{{plans.standard.price | eur}}', intl)).toBe(formatEuro(1234, intl));
      expect(shown('{{plans.plus.price | eur}}', intl)).toBe(formatEuro(12345.5, intl));
      expect(shown('{{claims.models}}', intl)).toBe(formatNumber(2025, intl));
      // A duration keeps the page's no-break space between figure and unit.
      expect(shown('{{cookies.consentMaxAgeSeconds | duration}}', intl)).toBe(formatDuration(31_536_000, intl));
      expect(shown('{{cookies.sidebarStateDays | duration}}', intl)).toBe(formatDuration(7 * 86_400, intl));
    }
    expect(shown('{{plans.standard.price | eur}}', 'de-DE')).toBe('1234\u00a0€');
    expect(shown('{{cookies.sidebarStateDays | duration}}', 'de-DE')).toBe('7\u00a0Tage');
  });

  it('names a map entry by the name it carries, else by its key', () => {
    expect(entryLabel('chatgptPlus', { name: 'ChatGPT Plus', price: 22.99 }, de, ['constants', 'comparison', 'chatgptPlus'], 'site')).toBe('ChatGPT Plus');
    expect(entryLabel('vsTwo', { percent: 53, plan: 'plus' }, de, ['constants', 'savings', 'vsTwo'], 'site')).toBe('Vs two');
    expect(entryLabel('standard', { price: 17 }, de, ['constants', 'plans', 'standard'], 'site')).toBe('Standard');
  });

  it('offers the constant picker on prose only, and long text as a text area', () => {
    const hero = section('hero').properties as Record<string, JsonSchema>;
    expect(takesReference(hero.title as JsonSchema, 'title')).toBe(true);
    expect(takesReference(hero.lead as JsonSchema, 'lead')).toBe(true);
    expect(takesReference(hero.id as JsonSchema, 'id')).toBe(false);
    expect(takesReference({ type: 'string' }, 'type')).toBe(false);
    expect(takesReference({ type: 'string' }, 0, 'keywords')).toBe(false);
    expect(takesReference({ type: 'string', enum: ['a'] }, 'style')).toBe(false);
    // A locale file's settings are no place for a price: the language tags and the typography's unit lists.
    const locale = formSchema('locale', ctx).properties as Record<string, JsonSchema>;
    const typography = (locale.typography as JsonSchema).properties as Record<string, JsonSchema>;
    for (const list of ['noBreakBeforeUnits', 'narrowNoBreakBefore', 'noBreakBefore', 'noBreakAfter']) {
      expect(list in typography, list).toBe(true);
      expect(takesReference((typography[list] as JsonSchema).items as JsonSchema, 0, list), list).toBe(false);
    }
    for (const key of ['intl', 'ogLocale', 'labelSeparator']) expect(takesReference(locale[key] as JsonSchema, key), key).toBe(false);
    expect(isLongText('lead', 'kurz')).toBe(true);
    expect(isLongText('title', 'kurz')).toBe(false);
    expect(isLongText(0, 'eine Zeile\nund noch eine')).toBe(true);
  });

  it('creates a new FAQ entry with one empty answer paragraph: its hint is a placeholder, never published text', () => {
    const faq = section('faq');
    const items = (faq.properties as Record<string, JsonSchema>).items as JsonSchema;
    for (const m of [de, en]) {
      const entry = newValue(items.items as JsonSchema, m) as { question: string; answer: string[] };
      expect(entry.answer).toEqual(['']);
      expect(placeholderFor('answer', m)).toBe(m.newAnswer);
    }
    expect(placeholderFor('answer', de)).toMatch(/^Die Antwort/);
    expect(placeholderFor('title', de)).toBeUndefined();
    // Until the author writes the answer, the schema asks for it at that paragraph (the form's "Bitte ausfüllen.").
    const file = path.resolve('tests/fixtures/check/base/pages/home/de.yaml');
    const data = parse(readFileSync(file, 'utf8'), { customTags: CUSTOM_TAGS }) as { sections: unknown[] };
    const fresh = { ...data, sections: [...data.sections, newValue(faq, de)] };
    const issues = createPageSchema(ctx).safeParse(fresh).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.slice(2).join('.'), friendlyError(issue.message, de)])).toEqual([['items.0.answer.0', 'Bitte ausfüllen.']]);
  });

  it('creates a new FAQ entry and a new section that the content schema accepts once the answer is written', () => {
    const faq = section('faq');
    const items = (faq.properties as Record<string, JsonSchema>).items as JsonSchema;
    const entry = newValue(items.items as JsonSchema, de) as { question: string; answer: string[] };
    expect(entry.question).toBe('Neue Frage?');
    entry.answer = ['Ja.'];
    const file = path.resolve('tests/fixtures/check/base/pages/home/de.yaml');
    const data = parse(readFileSync(file, 'utf8'), { customTags: CUSTOM_TAGS }) as { sections: unknown[] };
    const schema = createPageSchema(ctx);
    expect(schema.safeParse(data).success).toBe(true);
    for (const type of ['hero', 'cta', 'features']) {
      const added = { ...data, sections: [...data.sections, newValue(section(type), en)] };
      const result = schema.safeParse(added);
      expect(result.error?.issues ?? [], type).toEqual([]);
    }
    const withEntry = { ...data, sections: [...data.sections, { type: 'faq', title: 'Fragen', items: [entry] }] };
    expect(schema.safeParse(withEntry).success).toBe(true);
  });

  it('tells a savings claim an edit breaks in the author’s words: the claim, the pages that print it, what they would read', () => {
    const claim = {
      key: 'vsThree',
      claimed: 75,
      computed: 73.6,
      upTo: true,
      expected: '73 or 74',
      uses: [{ file: 'pages/home/de.yaml', route: '/', text: 'Bis zu {{savings.vsThree.percent}} % günstiger.' }],
    };
    const error = { file: 'site.yaml', path: 'constants.plans.standard.price', message: 'savings claim', text: '', claim };
    const constants = [{ ref: 'savings.vsThree.percent', value: '75' }];
    expect(errorMessage(error, de, constants, 'de')).toBe(
      'Mit dieser Zahl stimmt die Ersparnis „vsThree“ nicht mehr: Die Preise ergeben 73,6 %, die Angabe lautet bis zu 75 %.' +
        ' / stünde weiter „Bis zu 75 % günstiger.“. Setzen Sie die Ersparnis auf 73 oder 74 % oder nehmen Sie die Änderung zurück.',
    );
    expect(errorMessage(error, en, constants, 'en')).toContain('/ would still read “Bis zu 75 % günstiger.”');
    expect(friendlyError(errorMessage(error, en, constants, 'en'), en)).toBe(errorMessage(error, en, constants, 'en'));
    expect(errorMessage({ ...error, claim: undefined }, de)).toBe('savings claim');
  });

  it('tells errors in the author’s words', () => {
    expect(friendlyError('Too small: expected array to have >=1 items', de)).toBe('Mindestens ein Eintrag.');
    // The loader's own words for a list's length (content/validate.ts).
    expect(friendlyError("'actions' needs at least 1 item", de)).toBe('Mindestens ein Eintrag.');
    expect(friendlyError('Too small: expected string to have >=1 characters', en)).toBe('Please fill this in.');
    expect(friendlyError('Too small: expected number to be >=0', en)).toBe('Must be at least 0.');
    expect(friendlyError('Invalid input: expected 73 or 73', de)).toBe('Muss 73 sein.');
    expect(friendlyError('Invalid option: expected one of "primary"|"secondary"', en)).toBe('Choose one of: primary, secondary.');
    expect(friendlyError("unknown constant 'plans.gold.price'", en)).toContain('{{plans.gold.price}} does not exist');
    expect(friendlyError('the claim is not in the register', en)).toBe('the claim is not in the register');
    expect(friendlyError("savings claim 'vsThree' says up to 75 % but the constants give 70.3 %", de)).toBe(
      'Die Preise ergeben eine Ersparnis von 70,3 %, diese Aussage nennt bis zu 75 %: Prozentzahl (oder Preis) anpassen.',
    );
  });

  it('reads a number as an author types it, with a decimal comma or point, and nothing else', () => {
    expect(parseNumber('17,90', false)).toBe(17.9);
    expect(parseNumber('17.90', false)).toBe(17.9);
    expect(parseNumber(' 1790 ', false)).toBe(1790);
    expect(parseNumber('-5', false)).toBe(-5);
    expect(parseNumber('−5', false)).toBe(-5);
    expect(parseNumber(',5', false)).toBe(0.5);
    expect(parseNumber('1 000', true)).toBe(1000);
    // Ambiguous or not a number: left to the check, which names the field, never guessed.
    for (const text of ['1.000,50', '17,', '17 €', 'abc', '', '1e3', '0x10']) expect(parseNumber(text, false), text).toBeUndefined();
    expect(parseNumber('1.000', true)).toBeUndefined();
    expect(parseNumber('1,5', true)).toBeUndefined();
  });

  it('makes an address from the words an author types', () => {
    expect(slugOf('Webinar Herbst')).toBe('webinar-herbst');
    expect(slugOf('Über uns & Team')).toBe('ueber-uns-team');
    expect(slugOf('Café Crème 2026')).toBe('cafe-creme-2026');
    expect(slugOf(' -Straße_Süd')).toBe('strasse-sued');
    expect(slugOf('webinar-')).toBe('webinar-');
  });

  it('names an add button by the words it shows, then the list (WCAG 2.5.3 label in name)', () => {
    for (const [language, m] of Object.entries(MESSAGES)) expect(m.addTo('X').startsWith(m.addItem), language).toBe(true);
  });

  it('picks the UI language from the browser’s languages', () => {
    expect(uiLanguageFor(['de-DE', 'en'])).toBe('de');
    expect(uiLanguageFor(['fr-FR', 'en-GB'])).toBe('fr');
    expect(uiLanguageFor(['es-ES'])).toBe('es');
    expect(uiLanguageFor(['it', 'nl'])).toBe('en');
    expect(Object.keys(MESSAGES).sort()).toEqual(['de', 'en', 'es', 'fr']);
    expect(uiLanguageFor(['de;q=0.9'])).toBe('de');
  });
});
