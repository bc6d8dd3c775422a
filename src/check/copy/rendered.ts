import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../../content/model.ts';
import { withTypography } from '../../render/typography.ts';
import { finding, type Finding } from '../finding.ts';
import type { CopyString } from './copy-strings.ts';
import { typoSeverity } from './typography.ts';
import { renderedRules, show } from './typography-rules.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
// Soft hyphens (render/hyphenation.ts) are invisible until a line breaks at one: the rules read the words whole.
const decode = (text: string) =>
  text
    .replaceAll('\u00ad', '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) =>
      name[0] === '#' ? String.fromCodePoint(Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10)) : (ENTITIES[name] ?? all),
    );

/** A string an island gets that is an address or an identifier, not text. */
const NOT_TEXT = /^([a-z0-9_#/.:@?=&+-]*|https?:\/\/\S*|mailto:\S*|tel:\S*|[\w.+-]+@[\w.-]+)$/;

function strings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /^(href|id|name|form|variant|locale|subject)$/.test(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, k));
  return [];
}

/**
 * What a visitor reads on a built page, as fragments: title and description meta, text between tags
 * (not scripts or styles), labels, alternatives and placeholders, and the strings islands get as props
 * (toasts and other text shown after interaction), from the props files their elements name (`propsOf`:
 * the parsed file at a URL, undefined when there is none).
 */
export function pageTexts(html: string, propsOf: (url: string) => unknown): { text: string; element: string }[] {
  const out: { text: string; element: string }[] = [];
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (title) out.push({ text: decode(title[1]!), element: '<title>' });
  for (const m of html.matchAll(
    /<meta (?:name|property)="(description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)" content="([^"]*)"/g,
  ))
    out.push({ text: decode(m[2]!), element: `<meta ${m[1]}>` });
  const body = html.slice(Math.max(0, html.indexOf('<body'))).replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  for (const m of body.matchAll(/>([^<]+)</g)) if (m[1]!.trim()) out.push({ text: decode(m[1]!), element: 'text' });
  for (const m of body.matchAll(/\s(aria-label|placeholder|alt|title)="([^"]*)"/g)) out.push({ text: decode(m[2]!), element: `[${m[1]}]` });
  for (const m of body.matchAll(/<div data-island="([^"]+)"[^>]*? data-props-src="([^"]*)"/g)) {
    for (const text of strings(propsOf(decode(m[2]!)))) if (!NOT_TEXT.test(text)) out.push({ text, element: `island ${m[1]} props` });
  }
  return out;
}

/**
 * The typography rules on the text of every built page: what the renderer sets must be there. Strings
 * tagged `!verbatim` or silenced for a rule in content are left out here too (a fragment inside one).
 */
export async function checkRenderedTypography(outDir: string, model: SiteModel, copy: readonly CopyString[], strict?: boolean): Promise<Finding[]> {
  const typeset = (text: string, locale: string) => {
    const settings = model.locales[locale as keyof SiteModel['locales']]?.typography;
    return settings ? withTypography(text, settings, model.verbatim) : text;
  };
  const exempt: { locale: string; text: string; codes?: string[] }[] = copy
    .filter((s) => s.verbatim || s.ignore || s.fileIgnore)
    .map((s) => ({
      locale: s.locale,
      text: typeset(s.value, s.locale),
      codes: s.verbatim ? undefined : [...(s.ignore?.codes ?? []), ...(s.fileIgnore?.codes ?? [])],
    }));
  // What the renderer keeps as typed in every locale (localeTypography): the form notices, the sending label, the chat demo's subject.
  for (const [locale, strings] of Object.entries(model.locales)) {
    if (!strings) continue;
    const { forms, chatDemo } = strings;
    const kept = [
      forms.sending,
      chatDemo.subject,
      ...[forms.business, forms.education].flatMap((v) => [v.success, v.error, v.consentMissing].flatMap((n) => [n.title, n.description ?? ''])),
    ];
    exempt.push(...kept.filter(Boolean).map((text) => ({ locale, text, codes: undefined })));
  }
  const out: Finding[] = [];
  // Props files are shared by the pages of a locale: each is read once.
  const props = new Map<string, unknown>();
  const readProps = async (url: string) => {
    if (props.has(url)) return;
    // A missing or damaged file has no text to check (the island shows its error screen, which the browser tests see).
    const text = await readFile(path.join(outDir, 'assets', path.basename(url)), 'utf8').catch(() => undefined);
    try {
      props.set(url, text === undefined ? undefined : (JSON.parse(text) as unknown));
    } catch {
      props.set(url, undefined);
    }
  };
  for (const entry of model.pages) {
    let html: string;
    try {
      html = await readFile(path.join(outDir, entry.file), 'utf8');
    } catch {
      continue; // route-missing reports it
    }
    for (const m of html.matchAll(/\sdata-props-src="([^"]+)"/g)) await readProps(m[1]!);
    const seen = new Set<string>();
    for (const { text, element } of pageTexts(html, (url) => props.get(url))) {
      for (const issue of renderedRules(text, entry.locale)) {
        const inside = exempt.filter((e) => e.locale === entry.locale && e.text.includes(text.trim()));
        if (inside.some((e) => !e.codes || e.codes.includes(issue.code))) continue;
        const key = `${issue.code}\u0000${text}\u0000${issue.index}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const context = text.slice(Math.max(0, issue.index - 30), issue.index + 30).trim();
        out.push(
          finding({
            code: issue.code,
            severity: typoSeverity(issue.code, strict),
            message: `${issue.message}: …${context}…`,
            route: entry.route,
            element,
            found: show(issue.found),
            expected: show(issue.fix),
            hint: 'type the mark in content, or fix the template that prints this text',
          }),
        );
      }
    }
  }
  return out;
}
