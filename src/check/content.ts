import { z } from 'zod';
import type { ContentEnv } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import { closest } from '../content/describe.ts';
import { locate, locateKey, locateMissing, scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { schemaModeline } from '../schema/json-schema.ts';
import { LocaleStrings } from '../schema/locale.ts';
import { SiteConfig } from '../schema/site.ts';
import { localeCodes } from '../schema/site-locales.ts';
import { checkClaimTexts, checkFigureLiterals, checkSavingsClaims, checkUnregisteredClaims } from './claims.ts';
import type { CheckConfig } from '../content/check-config.ts';
import { dummyKind } from './dummy-data.ts';
import { checkOfferLocales, checkOfferPages } from './offer.ts';
import { checkEditorFiller } from './editor-filler.ts';
import { checkHeaderMenus } from './navigation.ts';
import { checkPrivacyRecipients, checkRetentionClaim } from './privacy.ts';
import { finding, type Finding, type Severity } from './finding.ts';
import { allSteps, chunked, type RuleSteps } from './steps.ts';

export interface ContentCheckOptions {
  config: CheckConfig;
  configSource?: YamlSource;
  /** Deploy mode: placeholder data, a missing backend and a local base URL become errors. */
  strict?: boolean;
  /** Content files that exist but did not parse: present for cross-file rules (their syntax error is reported). */
  unparsed?: readonly string[];
  /** Deploy settings given at build time; a base URL from here is not site.yaml's to blame. */
  env?: ContentEnv;
}

/** Cross-file content rules. Works on the parsed sources, so it runs even when the model does not validate. */
export function checkContent(model: SiteModel | undefined, sources: readonly YamlSource[], options: ContentCheckOptions): Finding[] {
  return contentRules(model, sources, options).flatMap(allSteps);
}

/**
 * checkContent's rules one by one, in its order, each in steps: `site dev` lets its server run between them. The rules
 * that read every file on their own are steps over a part of the files each (a rule's findings on one file need no other).
 */
export function contentRules(model: SiteModel | undefined, sources: readonly YamlSource[], options: ContentCheckOptions): RuleSteps[] {
  const siteSource = sources.find((s) => s.file === 'site.yaml');
  const parsedSite = siteSource ? SiteConfig.safeParse(siteSource.data) : undefined;
  const site = model?.site ?? (parsedSite?.success ? parsedSite.data : undefined);
  const rules: RuleSteps[] = [
    () => [checkLocaleKeys(sources)],
    () => chunked(sources, checkDuplicateAnchors),
    () => chunked(options.configSource ? [...sources, options.configSource] : sources, checkSchemaModelines),
    () => [checkRetentionClaim(sources)],
    () => chunked(sources, checkEditorFiller),
  ];
  if (model) rules.push(() => [checkHeaderMenus(model, sources)]);
  if (site)
    rules.push(
      () => [checkFamilies(site, sources, options)],
      () => [checkSavingsClaims(site, siteSource)],
      () => [checkPrivacyRecipients(sources, site, siteSource)],
      () => chunked(sources, (part) => checkClaimTexts(site, part)),
      () => chunked(sources, (part) => checkFigureLiterals(site, part)),
      () => [checkDeploySettings(site, siteSource, model, options)],
    );
  if (model)
    rules.push(
      function* () {
        yield* chunked(sources, (part) => checkOfferPages(model, part));
        yield checkOfferLocales(model, sources);
      },
      () => chunked(sources, (part) => checkUnregisteredClaims(model, part)),
    );
  return rules;
}

type Shape = Record<string, z.ZodType>;

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, optional };
}

/** locale-keys: each locale file has exactly the UI string keys the templates read (the LocaleStrings shape). */
export function checkLocaleKeys(sources: readonly YamlSource[]): Finding[] {
  const locales = sources.filter((s) => /^locales\/[^/]+\.yaml$/.test(s.file));
  const has = (source: YamlSource, path: string[]) => {
    let value: unknown = source.data;
    for (const key of path) {
      if (!value || typeof value !== 'object' || !(key in value)) return false;
      value = (value as Record<string, unknown>)[key];
    }
    return true;
  };
  const out: Finding[] = [];
  for (const source of locales) {
    const walk = (shape: Shape, data: unknown, path: string[]) => {
      const record = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
      if (!record) return;
      for (const [key, schema] of Object.entries(shape)) {
        const { inner, optional } = unwrap(schema);
        const here = [...path, key];
        if (!(key in record)) {
          if (optional) continue;
          const elsewhere = locales.filter((o) => o !== source && has(o, here)).map((o) => o.file);
          out.push(
            finding({
              code: 'locale-keys',
              severity: 'error',
              message: `${source.file} lacks the UI string '${here.join('.')}' that the templates use`,
              location: locateMissing(source, here),
              expected: `key '${key}' under ${path.length ? path.join('.') : 'the top level'}`,
              found: elsewhere.length ? `nothing here; present in ${elsewhere.join(', ')}` : 'nothing',
              hint: `add '${here.join('.')}' in this language (see src/schema/locale.ts)`,
            }),
          );
        } else if (inner instanceof z.ZodObject) {
          walk(inner.shape as Shape, record[key], here);
        }
      }
      for (const key of Object.keys(record)) {
        if (key in shape) continue;
        const suggestion = closest(
          key,
          Object.keys(shape).filter((k) => !(k in record)),
        );
        out.push(
          finding({
            code: 'locale-keys',
            severity: 'error',
            message: `${source.file} has the key '${[...path, key].join('.')}', which no template uses`,
            location: locateKey(source, path, key),
            expected: `one of ${Object.keys(shape).join(', ')}`,
            found: key,
            hint: suggestion ? `did you mean '${suggestion}'?` : 'remove it, or add it to the LocaleStrings schema and the template that prints it',
          }),
        );
      }
    };
    walk(LocaleStrings.shape as Shape, source.data, []);
  }
  return out;
}

/** anchor-duplicate: two sections of one page may not share an id (links would land on the first). */
export function checkDuplicateAnchors(sources: readonly YamlSource[]): Finding[] {
  const out: Finding[] = [];
  for (const source of sources.filter((s) => s.file.startsWith('pages/'))) {
    const sections = (source.data as { sections?: unknown } | undefined)?.sections;
    if (!Array.isArray(sections)) continue;
    const seen = new Map<string, number>([['main', -1]]);
    sections.forEach((section, i) => {
      const id = (section as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      const first = seen.get(id);
      if (first !== undefined) {
        out.push(
          finding({
            code: 'anchor-duplicate',
            severity: 'error',
            message: `anchor id '${id}' is used twice on this page`,
            location: locate(source, ['sections', i, 'id']),
            found: first < 0 ? `'${id}' is the id of the page's main element` : `also on sections[${first}]`,
            hint: 'give each section a unique id; links to #' + id + ' land on the first one only',
          }),
        );
      } else {
        seen.set(id, i);
      }
    });
  }
  return out;
}

/** family-locales: a page family exists in every locale it claims (home: every locale of the site). */
export function checkFamilies(site: SiteConfig, sources: readonly YamlSource[], options: ContentCheckOptions): Finding[] {
  const families = new Map<string, { locales: Set<string>; home: boolean }>();
  const pageFiles = [...sources.map((s) => ({ file: s.file, data: s.data })), ...(options.unparsed ?? []).map((file) => ({ file, data: undefined }))];
  for (const { file, data } of pageFiles) {
    const match = /^pages\/([^/]+)\/([^/]+)\.yaml$/.exec(file);
    if (!match) continue;
    const entry = families.get(match[1]!) ?? { locales: new Set(), home: false };
    entry.locales.add(match[2]!);
    if ((data as { slug?: unknown } | undefined)?.slug === '') entry.home = true;
    families.set(match[1]!, entry);
  }
  const out: Finding[] = [];
  const report = (family: string, locale: string, why: string, location: Finding['location']) =>
    out.push(
      finding({
        code: 'family-locales',
        severity: 'error',
        message: `page family '${family}' has no ${locale} page`,
        location,
        expected: `pages/${family}/${locale}.yaml`,
        found: `only ${[...(families.get(family)?.locales ?? [])].sort().join(', ') || 'no pages'}`,
        hint: why,
      }),
    );
  const siteSource = sources.find((s) => s.file === 'site.yaml');
  for (const [family, entry] of families) {
    if (!entry.home) continue;
    for (const locale of localeCodes(site)) {
      if (!entry.locales.has(locale))
        report(
          family,
          locale,
          `site.yaml lists '${locale}' in locales, so it needs a home page`,
          siteSource ? locate(siteSource, ['locales']) : { file: 'site.yaml', path: 'locales' },
        );
    }
  }
  for (const [family, claimed] of Object.entries(options.config.families)) {
    const where = options.configSource ? locate(options.configSource, ['families', family]) : { file: 'check.yaml', path: `families.${family}` };
    if (!families.has(family)) {
      out.push(
        finding({
          code: 'family-locales',
          severity: 'error',
          message: `check.yaml claims page family '${family}', which does not exist`,
          location: where,
          expected: `a folder pages/${family}/`,
          found: `families: ${[...families.keys()].join(', ')}`,
        }),
      );
      continue;
    }
    for (const locale of claimed) {
      if (!families.get(family)!.locales.has(locale)) report(family, locale, `check.yaml claims '${family}' in ${claimed.join(', ')}`, where);
    }
  }
  return out;
}

/** schema-modeline: content files name their JSON Schema so editors validate while authors type. */
export function checkSchemaModelines(sources: readonly YamlSource[]): Finding[] {
  return sources.flatMap((source) => {
    const want = schemaModeline(source.file);
    if (!want) return [];
    const lines = source.text.split('\n').slice(0, 5);
    if (lines.some((line) => line.trim() === want)) return [];
    const other = lines.findIndex((line) => line.includes('yaml-language-server:'));
    return [
      finding({
        code: 'schema-modeline',
        severity: 'warning',
        message: other >= 0 ? 'the editor schema line points at the wrong schema' : 'no editor schema line: editors cannot validate or complete this file',
        location: { file: source.file, line: other >= 0 ? other + 1 : 1, column: 1 },
        expected: want,
        found: other >= 0 ? lines[other]!.trim() : 'no yaml-language-server comment in the first lines',
        hint: 'add the line at the top of the file; run `site schema` to refresh the schema files',
      }),
    ];
  });
}

const LOCAL_HOSTS = /^(localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|[^.]+\.local|[^.]+\.localhost)$/i;

/** Deploy rules: errors with --strict, warnings otherwise (a local build is allowed to be unfinished). */
export function checkDeploySettings(
  site: SiteConfig,
  siteSource: YamlSource | undefined,
  model: SiteModel | undefined,
  options: Pick<ContentCheckOptions, 'strict' | 'env'>,
): Finding[] {
  const severity: Severity = options.strict ? 'error' : 'warning';
  const at = (path: (string | number)[]) => (siteSource ? locate(siteSource, path) : { file: 'site.yaml', path: path.join('.') });
  const out: Finding[] = [];
  for (const placeholder of model?.placeholders ?? []) {
    out.push(
      finding({
        code: 'placeholder',
        severity,
        message: `placeholder company data '${placeholder.value}' is still in the content`,
        location: placeholder.location,
        found: `!placeholder ${placeholder.value}`,
        hint: 'replace it with the real value and remove the !placeholder tag',
      }),
    );
  }
  // The tag is only a reminder: a dummy value without it is just as unfinished (the tagged ones are reported above).
  const companyData = siteSource
    ? [...scalarStrings(siteSource)].filter((s) => (s.path[0] === 'company' || s.path[0] === 'email') && s.tag !== '!placeholder')
    : [];
  for (const { value, location } of companyData) {
    const what = dummyKind(value);
    if (!what) continue;
    out.push(
      finding({
        code: 'placeholder',
        severity,
        message: `company data '${value}' is ${what}, not the real value`,
        location,
        expected: 'the real company data (printed in the legal notice, terms and privacy policy)',
        found: value,
        hint: 'replace it with the real value (see DUMMY_VALUES in src/check/dummy-data.ts for what counts as a dummy)',
      }),
    );
  }
  const missing = (key: 'url' | 'anonKey', env: string) =>
    out.push(
      finding({
        code: 'backend-missing',
        severity,
        message: `no backend ${key === 'url' ? 'URL' : 'anon key'}: contact requests would go to the site's own origin`,
        location: at(['backend', key]),
        expected: key === 'url' ? 'the Supabase project URL (https://…supabase.co)' : 'the public anon key of the Supabase project',
        found: 'an empty string',
        hint: `set ${env} when building for production, or backend.${key} in site.yaml`,
      }),
    );
  if (!site.backend.url.trim()) missing('url', 'SUPABASE_URL');
  if (!site.backend.anonKey.trim()) missing('anonKey', 'SUPABASE_ANON_KEY');
  const host = new URL(site.baseUrl).hostname;
  if (LOCAL_HOSTS.test(host)) {
    const fromEnv = Boolean(options.env?.SITE_URL);
    out.push(
      finding({
        code: 'base-url-local',
        severity,
        message: `base URL ${site.baseUrl}${fromEnv ? ' (from --base-url or SITE_URL)' : ''} is a local address: canonical links, hreflang and the sitemap would point there`,
        location: fromEnv ? undefined : at(['baseUrl']),
        expected: 'the public https URL of the site',
        found: fromEnv ? `${site.baseUrl}, given at build time instead of site.yaml's ${String(siteSource?.doc.get('baseUrl') ?? 'baseUrl')}` : site.baseUrl,
        hint: fromEnv
          ? 'pass the public URL with --base-url or SITE_URL, or leave both unset to use baseUrl from site.yaml'
          : 'set SITE_URL (or --base-url) for production builds, or baseUrl in site.yaml',
      }),
    );
  }
  return out;
}
