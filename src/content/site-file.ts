import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, type Result } from '../errors/site-error.ts';
import { chatbotRows } from '../schema/offer-rules.ts';
import type { SchemaContext } from '../schema/sections/index.ts';
import type { LocaleCode } from '../schema/site.ts';
import { parseYaml } from './yaml-source.ts';

/** site.yaml's data as written: parsed, not validated (custom tags such as !placeholder give their plain value). */
export type SiteSettings = Readonly<Record<string, unknown>>;

/**
 * site.yaml of a content folder, parsed as the loader parses it but not validated: for what needs a setting or
 * two before or without loading the content (`site schema`, the editor's schemas, `site serve`). Data that is not
 * a mapping gives no settings; the loader reports it.
 */
export async function readSiteFile(contentDir: string): Promise<Result<SiteSettings>> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, 'site.yaml'), 'utf8');
  } catch {
    const error = new SiteError({
      code: 'missing-file',
      message: 'cannot read site.yaml',
      location: { file: 'site.yaml' },
      hint: 'point --content at the content directory',
    });
    return { ok: false, errors: [error] };
  }
  const parsed = parseYaml('site.yaml', text);
  if (!parsed.source) return { ok: false, errors: parsed.errors };
  const data = parsed.source.data;
  return { ok: true, value: data && typeof data === 'object' && !Array.isArray(data) ? (data as SiteSettings) : {} };
}

/** The keys page schemas enumerate (plans, savings claims, chatbot rows), from site.yaml's data even when it does not validate. */
export function schemaContextFrom(settings: unknown): SchemaContext {
  const site = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const constants = (site.constants && typeof site.constants === 'object' ? site.constants : {}) as Record<string, unknown>;
  const keys = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value) : []);
  return { plans: keys(constants.plans), savings: keys(constants.savings), chatbots: chatbotRows(site.offer) };
}

/**
 * The locale codes site.yaml lists even when it does not validate (so its own error is reported once and
 * the locale files are still checked), or undefined when there is no readable list.
 */
export function listedLocaleCodes(settings: unknown): [LocaleCode, ...LocaleCode[]] | undefined {
  const locales = (settings as { locales?: unknown } | undefined)?.locales;
  if (!Array.isArray(locales)) return undefined;
  const codes = locales
    .map((entry: unknown) => (entry && typeof entry === 'object' ? (entry as { code?: unknown }).code : undefined))
    .filter((c): c is string => typeof c === 'string');
  return codes.length > 0 ? (codes as [LocaleCode, ...LocaleCode[]]) : undefined;
}
