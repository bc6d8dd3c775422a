import type { Messages } from '../messages/index.ts';
import type { EditorError } from '../editor-api.ts';
import { durationSeconds, formatDuration, formatEuro, formatNumber, REFERENCE } from '../../../content/reference-syntax.ts';

/** A node of the JSON Schema the form is drawn from (form-schema.ts). */
export type JsonSchema = { [key: string]: unknown };
export type DocPath = readonly (string | number)[];

const props = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;

/** What authors change most, first, in this order; every other key follows in the schema's order. */
const FIRST = [
  'sections',
  'meta',
  'title',
  'question',
  'name',
  'label',
  'highlight',
  'eyebrow',
  'lead',
  'text',
  'answer',
  'body',
  'value',
  'items',
  'cards',
  'plans',
  'actions',
  'action',
  'note',
];
/** Keys an author rarely changes: drawn under a closed "more settings". */
const MORE = new Set([
  'slug',
  'header',
  'translation',
  'id',
  'tone',
  'image',
  'draft',
  'publishAt',
  'unpublishAt',
  'chatDemo',
  'mock',
  'decorative',
  'aspect',
  'focus',
  'noindex',
  'socialImage',
  'structuredData',
  'titleLang',
  'logMessage',
  'layout',
  'columns',
]);
/** Keys a section item's kind is told by: shown as the item's heading, never as a text box. */
export const TAG_KEYS = new Set(['type']);

/**
 * A locale file's navigation, drawn first as its own group ("Navigation") and not again inside the header and footer:
 * the header's menus per kind of page and the footer's columns. An author looks for links there, not under "more".
 */
export const NAVIGATION: readonly (readonly [string, string])[] = [
  ['header', 'menus'],
  ['footer', 'columns'],
];

const inNavigation = (path: DocPath, kind?: FormKind) => kind === 'locale' && path.length === 2 && NAVIGATION.some(([a, b]) => a === path[0] && b === path[1]);

/**
 * An object's keys as the form lists them: `first` in the author's order, `more` under "more settings". In a locale
 * file (`kind`) the navigation's keys are left out (drawn in their own group) and its header is no page's header choice.
 */
export function fieldOrder(schema: JsonSchema, path: DocPath = [], kind?: FormKind): { first: string[]; more: string[] } {
  const keys = Object.keys(props(schema)).filter(
    (key) => (!TAG_KEYS.has(key) || props(schema)[key]?.const === undefined) && !inNavigation([...path, key], kind),
  );
  const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length);
  const sorted = [...keys].sort((a, b) => rank(a) - rank(b));
  const more = (key: string) => MORE.has(key) && !(kind === 'locale' && path.length === 0 && key === 'header');
  // A page's own draft switch is the publishing bar above the form (main.tsx), not a box among the settings.
  const shown = kind === 'page' && path.length === 0 ? sorted.filter((key) => key !== 'draft') : sorted;
  return { first: shown.filter((key) => !more(key)), more: shown.filter(more) };
}

/** Keys that name an item: the first one with text titles a list item ("Ist meine Datenbank sicher?", not "items 3"). */
const TITLE_KEYS = ['title', 'question', 'name', 'label', 'heading', 'value', 'term', 'text', 'botName', 'code'];

/** A constant the picker offers: its reference (`plans.standard.price`) and the value pages print for it. */
export type Constant = { ref: string; value: string };

/** A piece of a text as an author reads it: plain text, or a reference with the value pages print (none: unknown). */
export type ReadPart = { text: string; ref?: undefined } | { ref: string; source: string; value?: string };

/**
 * A constant's value as pages print it in `intl`'s language: the loader's own formatters (reference-syntax.ts), so
 * what the form shows under a field cannot drift from the page. A value that is not a number prints as written.
 */
export function printed(value: string, ref: string, format: string | undefined, intl: string): string {
  if (!/^-?\d+(?:\.\d+)?$/.test(value)) return value;
  const number = Number(value);
  try {
    if (format === 'eur') return formatEuro(number, intl);
    const seconds = format === 'duration' ? durationSeconds(ref, number) : undefined;
    return seconds === undefined ? formatNumber(number, intl) : formatDuration(seconds, intl);
  } catch {
    // An intl tag the browser does not know (a typo in a locale file) leaves the figure as written.
    return value;
  }
}

/**
 * `text` in pieces as pages print it: plain text, and each `{{ref}}` with its value in `intl`'s language (a
 * reference not among `constants` without one). The form shows these under a field, so an author reads the
 * sentence and sees which words come from the settings, while the field keeps the reference as written.
 */
export function readAs(text: string, constants: readonly Constant[], intl = 'en'): ReadPart[] {
  const values = new Map(constants.map((c) => [c.ref, c.value]));
  const parts: ReadPart[] = [];
  let at = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const [source, ref, format] = match as unknown as [string, string, string | undefined];
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    const value = values.get(ref);
    parts.push({ ref, source, ...(value === undefined ? {} : { value: printed(value, ref, format, intl) }) });
    at = match.index + source.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** Whether `text` holds a `{{…}}` reference. */
export const hasReference = (text: string) => text.includes('{{') && new RegExp(REFERENCE.source).test(text);

/** `text` with each `{{ref}}` as pages print it ("Was ist KI-Zentrale?"); a reference not among `constants` stays as written. */
export function withValues(text: string, constants: readonly Constant[], intl = 'en'): string {
  if (!constants.length || !text.includes('{{')) return text;
  return readAs(text, constants, intl)
    .map((part) => (part.ref === undefined ? part.text : (part.value ?? part.source)))
    .join('');
}

/** A list item's title by its content, references shown as their values (an author reads the page, not its code). */
export function itemTitle(item: unknown, fallback: string, m: Messages, constants: readonly Constant[] = [], intl = 'en'): string {
  let title: string | undefined;
  if (typeof item === 'string') title = item;
  else if (item && typeof item === 'object' && !Array.isArray(item)) {
    const record = item as Record<string, unknown>;
    const key = TITLE_KEYS.find((k) => typeof record[k] === 'string' && record[k] !== '');
    title = key ? String(record[key]) : undefined;
    const type = typeof record.type === 'string' ? optionLabel(record.type, m) : undefined;
    if (type) title = title ? `${type}: ${title}` : type;
  }
  if (!title) return fallback;
  const line = withValues(title, constants, intl).replace(/\s+/g, ' ').trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
}

/**
 * A page as the page list names it: its heading (references as their values) and its address, "Vertriebsleitfaden
 * KI-Zentrale — /leitfaden"; the folder name only where the page has no heading yet. The heading is the one in the
 * first of `languages` the page has (the page list passes the file's own language).
 */
export function pageLabel(
  titles: Readonly<Record<string, string>> | undefined,
  languages: readonly string[],
  route: string | undefined,
  family: string,
  constants: readonly Constant[] = [],
): string {
  const title = languages.map((language) => titles?.[language]).find((t) => t !== undefined);
  const name = title ? withValues(title, constants).replace(/\s+/g, ' ').trim() : family;
  return route ? `${name} — ${route}` : name;
}

/**
 * The second line under a page in the page list: the same page's heading in the first of `languages` (the editor's,
 * then the default language) that is not the file's own and reads differently, so a translation is found by the
 * heading the author knows ("The leading AI models." over "Die besten KI-Modelle.").
 */
export function pageOtherTitle(
  titles: Readonly<Record<string, string>> | undefined,
  locale: string,
  languages: readonly string[],
  constants: readonly Constant[] = [],
): string | undefined {
  const own = titles?.[locale];
  const other = languages
    .filter((language) => language !== locale)
    .map((language) => titles?.[language])
    .find((t) => t !== undefined);
  return other === undefined || other === own ? undefined : withValues(other, constants).replace(/\s+/g, ' ').trim();
}

/** Lower case without accents: "Über" is found by "uber", "Préférences" by "prefer". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a page's texts (headings, address, folder) hold every word of `query`, in any order, accents and case aside. */
export function pageMatches(query: string, texts: readonly (string | undefined)[]): boolean {
  const haystack = folded(texts.filter(Boolean).join(' '));
  return folded(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** An enum value or kind as the author reads it (en.ts `options`), else as written. */
export function optionLabel(value: string, m: Messages): string {
  return (m.options as Record<string, string>)[value] ?? value;
}

/** Which form a field is in: a key at the top of a locale file means something else than the same key in a page. */
export type FormKind = 'site' | 'locale' | 'page';

/**
 * The entry of `table` for a field by where it is: a key written as `kind:path` ("locale:header", `*` any one
 * entry) that is the field's whole path in that kind of file; else one written as a path ("plans.*.price") that the
 * field's path ends with, the longest first; else the entry for its key alone. A key that means one thing in pages
 * and another in the settings ("price": a price line, or the figure itself) is told apart so.
 */
export function entryFor(table: Record<string, string | undefined>, key: string, path: DocPath = [], kind?: FormKind): string | undefined {
  let best: { length: number; text: string } | undefined;
  for (const [pattern, text] of Object.entries(table)) {
    if (!text) continue;
    const colon = pattern.indexOf(':');
    const anchored = colon > 0;
    if (!anchored && !pattern.includes('.')) continue;
    if (anchored && pattern.slice(0, colon) !== kind) continue;
    const parts = (anchored ? pattern.slice(colon + 1) : pattern).split('.');
    // A whole path in its kind of file beats any tail of it.
    const length = anchored ? parts.length + 1000 : parts.length;
    if (parts.length > path.length || (anchored && parts.length !== path.length) || length <= (best?.length ?? 0)) continue;
    const tail = path.slice(path.length - parts.length);
    if (parts.every((part, i) => part === '*' || part === String(tail[i]))) best = { length, text };
  }
  return best?.text ?? table[key];
}

/** A field's label: the messages' name for it (by path, else key), the schema's title, or the key spelled out ("termMonths" → "Term months"). */
export function fieldLabel(key: string, schema: JsonSchema | undefined, m: Messages, path?: DocPath, kind?: FormKind): string {
  const known = entryFor(m.fields as Record<string, string>, key, path, kind);
  if (known) return known;
  if (typeof schema?.title === 'string') return schema.title;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's help: the messages' line for it (every field of a page, site.yaml and a locale file has one in each
 * language: the type of `help` and form-model.test), else, in English, the schema's description.
 */
export function fieldHelp(key: string, schema: JsonSchema | undefined, m: Messages, english: boolean, path?: DocPath, kind?: FormKind): string | undefined {
  const own = entryFor(m.help as Record<string, string | undefined>, key, path, kind);
  if (own) return own;
  return english && typeof schema?.description === 'string' ? schema.description : undefined;
}

/**
 * A named entry of a map (a plan, a compared subscription, a data recipient): by the name it carries where it has one
 * ("ChatGPT Plus", not "Chatgpt plus" made from its key `chatgptPlus`), else by its key as fieldLabel spells it.
 */
export function entryLabel(key: string, item: unknown, m: Messages, path: DocPath, kind?: FormKind): string {
  const name = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>).name : undefined;
  return typeof name === 'string' && name.trim() && !name.includes('{{') ? name.trim() : fieldLabel(key, undefined, m, path, kind);
}

/**
 * A number as an author types it: "17,90" and "17.90" are both 17.9 (a German, French or Spanish author writes the
 * comma; a number box would drop it and store 1790). An integer takes digits only, so "1.000" is never read as 1.
 * Spaces are ignored. Anything else is undefined: the form then keeps the text, which the check refuses by name.
 */
export function parseNumber(text: string, integer: boolean): number | undefined {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^[\u2212\u2013]/, '-');
  const form = integer ? /^-?\d+$/ : /^-?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
  return form.test(plain) ? Number(plain.replace(',', '.')) : undefined;
}

/**
 * An address (slug) from what an author types: "Webinar Herbst" → "webinar-herbst", "Über uns" → "ueber-uns",
 * "Café" → "cafe". A trailing dash stays while typing, so "a-b" can be typed one key at a time.
 */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_/.]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '');
}

/** Keys of texts that run over several lines: drawn as a growing text area whatever they hold now. */
const LONG = new Set(['lead', 'text', 'description', 'answer', 'body', 'note', 'intro', 'details', 'tagline', 'task', 'hint', 'smartSelectNote', 'caption']);

export function isLongText(key: string | number | undefined, value: unknown): boolean {
  return (typeof key === 'string' && LONG.has(key)) || (typeof value === 'string' && (value.length > 80 || value.includes('\n')));
}

/** Keys whose text is where a link leads: the field offers the site's pages and the open page's sections to pick from. */
const LINK_KEYS = new Set(['href', 'link', 'contactHref']);
export const isLinkTarget = (key: string | number | undefined): boolean => typeof key === 'string' && LINK_KEYS.has(key);

/** The id of the one list of link targets the form's link fields share (main.tsx draws it). */
export const LINK_TARGETS_ID = 'site-link-targets';

/**
 * What a link field offers: every page of the site by address, named by its heading in its own language, then the open
 * page's sections by anchor ("#pricing"), named by their titles; each address once.
 */
export function linkTargets(
  titles: Readonly<Record<string, Readonly<Record<string, string>>>>,
  routes: Readonly<Record<string, Readonly<Record<string, string>>>>,
  sections: readonly { id?: unknown; label: string }[],
  constants: readonly Constant[] = [],
): { value: string; label: string }[] {
  const pages = Object.entries(routes).flatMap(([family, byLocale]) =>
    Object.entries(byLocale).map(([locale, route]) => ({ value: route, label: pageLabel(titles[family], [locale], undefined, family, constants) })),
  );
  const anchors = sections.flatMap((s) => (typeof s.id === 'string' && s.id ? [{ value: `#${s.id}`, label: s.label }] : []));
  const seen = new Set<string>();
  return [...pages.sort((a, b) => a.value.localeCompare(b.value)), ...anchors].filter((t) => !seen.has(t.value) && seen.add(t.value));
}

/** Keys whose text is a name, link or code, never prose: no constant picker beside them. */
const NOT_PROSE = new Set([
  'id',
  'type',
  'slug',
  'href',
  'src',
  'tone',
  'icon',
  'keywords',
  'code',
  'lang',
  'hreflang',
  'titleLang',
  'aspect',
  'contactHref',
  'link',
  'style',
  'kind',
  'from',
  'publishAt',
  'unpublishAt',
  // A locale file's settings: its Intl tag, the separator after a label and the typography's unit and word lists.
  'intl',
  'labelSeparator',
  'noBreakBeforeUnits',
  'narrowNoBreakBefore',
  'noBreakBefore',
  'noBreakAfter',
]);

/**
 * Whether a text field takes `{{…}}` references from the picker: free text (no pattern, choice or format), not a
 * name, link or code. `parentKey` is the list a string item belongs to (a keyword is no place for a price).
 */
export function takesReference(schema: JsonSchema, key: string | number | undefined, parentKey?: string): boolean {
  if (schema.type !== 'string' || schema.enum || schema.const !== undefined || schema.pattern || schema.format) return false;
  return !(typeof key === 'string' && NOT_PROSE.has(key)) && !(parentKey && NOT_PROSE.has(parentKey));
}

/** The member of a union `value` belongs to: by its tag (`type: hero`), else the first whose kind fits. */
export function memberOf(value: unknown, members: JsonSchema[]): JsonSchema | undefined {
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const tagged = members.find((member) => Object.entries(props(member)).some(([key, p]) => p.const !== undefined && record[key] === p.const));
    if (tagged) return tagged;
    const keys = Object.keys(record);
    const byKeys = members.find((member) => member.type === 'object' && keys.length > 0 && keys.every((key) => Object.hasOwn(props(member), key)));
    if (byKeys) return byKeys;
  }
  return members.find((member) => member.type === kind || (kind === 'number' && member.type === 'integer'));
}

/** A union's members (`oneOf` or `anyOf`), or undefined for a node that is not one. */
export const membersOf = (schema: JsonSchema) => (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;

/**
 * A new value of `schema`: every required key filled, lists at their least length, a title or question with a
 * text the author types over at once ("Neue Frage?", selected). An answer or body starts as one empty paragraph
 * (its hint is the field's placeholder, `placeholderFor`), so nothing the author did not write can be published:
 * the form asks for it until it is filled.
 */
export function newValue(schema: JsonSchema, m: Messages, key?: string | number): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.const !== undefined) return schema.const;
  const members = membersOf(schema);
  if (members?.length) return newValue(members[0] as JsonSchema, m, key);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const required = new Set((schema.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(props(schema))) if (required.has(name)) out[name] = newValue(child, m, name);
      return out;
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      if (key === 'answer' || key === 'body') return [''];
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => newValue(items, m));
    }
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return newText(schema, m, key);
  }
}

/** The hint an empty text shows as its placeholder (never as its value): a paragraph of an answer or body. */
export function placeholderFor(listKey: string | undefined, m: Messages): string | undefined {
  return listKey === 'answer' || listKey === 'body' ? m.newAnswer : undefined;
}

function newText(schema: JsonSchema, m: Messages, key?: string | number): string {
  const wanted = key === 'question' ? m.newQuestion : m.newText;
  if (typeof schema.pattern !== 'string') return wanted;
  const pattern = new RegExp(schema.pattern, 'u');
  return [wanted, wanted.toLowerCase().replace(/[^a-z0-9]+/g, '-'), '/', '#', 'https://example.org'].find((c) => pattern.test(c)) ?? '';
}

/**
 * The loader's message as an author reads it: zod's wording ("Too small: expected array to have >=1 items",
 * "Invalid option: expected one of …") in the author's words; other messages (the site's own checks) as written.
 */
export function friendlyError(message: string, m: Messages): string {
  const e = m.errors;
  let match: RegExpExecArray | null;
  if (/expected string to have >=1 characters|received undefined|Required/i.test(message)) return e.required;
  if ((match = /Too small: expected array to have >=?(\d+) items?|needs at least (\d+) items?$/.exec(message)))
    return e.tooFewItems(Number(match[1] ?? match[2]));
  if ((match = /Too big: expected array to have <=?(\d+) items?|takes at most (\d+) items?$/.exec(message)))
    return e.tooManyItems(Number(match[1] ?? match[2]));
  if ((match = /Too small: expected number to be >=?(-?[\d.]+)/.exec(message))) return e.atLeast(match[1] as string);
  if ((match = /Too big: expected number to be <=?(-?[\d.]+)/.exec(message))) return e.atMost(match[1] as string);
  if ((match = /Invalid option: expected one of (.+)$/.exec(message))) return e.oneOf(match[1]?.replace(/"/g, '').split('|').join(', ') ?? '');
  if ((match = /Invalid input: expected (\S+)$/.exec(message))) {
    const values = [...new Set(match[1]?.split(/\s+or\s+|\|/))];
    if (values.length === 1 && /^-?[\d.]+$/.test(values[0] ?? '')) return e.mustEqual(values[0] as string);
  }
  if ((match = /expected (-?[\d.]+)(?: or (-?[\d.]+))+/.exec(message))) {
    const values = [...new Set(message.match(/-?\d+(?:\.\d+)?/g))];
    return values.length === 1 ? e.mustEqual(values[0] as string) : message;
  }
  if (/expected number/i.test(message)) return e.number;
  if (/expected string/i.test(message)) return e.text;
  if ((match = /Unrecognized key:? "?([^"\s]+)"?/.exec(message))) return e.unknownKey(match[1] as string);
  if ((match = /unknown constant '([^']+)'/.exec(message))) return e.unknownReference(match[1] as string);
  if ((match = /^savings claim '[^']+' says (up to )?([\d.]+) % but the constants give ([\d.]+) %/.exec(message)))
    return e.savingsClaim(match[2] as string, match[3] as string, !!match[1]);
  if (/Invalid string: must match pattern/.test(message)) return e.format;
  return message;
}

/**
 * An error of the editor's API in the author's words: a savings claim the edit makes untrue names the claim, the
 * percentages in the author's language and each page that prints it with the text it would read; anything else is
 * the loader's message (friendlyError words it where it shows).
 */
export function errorMessage(error: EditorError, m: Messages, constants: readonly Constant[] = [], intl = 'en'): string {
  const claim = error.claim;
  if (!claim) return error.message;
  const number = (n: number) => new Intl.NumberFormat(intl, { maximumFractionDigits: 1 }).format(n);
  const uses = claim.uses.map((use) => m.errors.claimUse(use.route ?? use.file, withValues(use.text, constants, intl)));
  const expected = claim.expected
    .split(' or ')
    .map((n) => number(Number(n)))
    .join(` ${m.errors.or} `);
  return m.errors.claimBroken({ key: claim.key, claimed: number(claim.claimed), computed: number(claim.computed), upTo: claim.upTo, expected }, uses);
}

/** The value at `path` set to `next` (`undefined` removes the key), copying only the objects on the way. */
export function setAt(data: unknown, path: DocPath, next: unknown): unknown {
  if (!path.length) return next;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const value = (data ?? (typeof key === 'number' ? [] : {})) as Record<string | number, unknown>;
  const child = setAt(value[key], rest, next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[key as number] = child;
    return copy;
  }
  const copy = { ...value };
  if (child === undefined) delete copy[key];
  else copy[key] = child;
  return copy;
}

/** The form field id of a document path: `root_sections_0_title` (the error list and tests find fields by it). */
export const fieldId = (path: DocPath) => ['root', ...path].join('_');
