import { SiteError, type SourceLocation } from '../errors/site-error.ts';
import type { RedirectRule } from '../schema/redirects.ts';
import type { LocaleCode, SiteConfig } from '../schema/site.ts';
import { closest } from './describe.ts';
import { routeFor } from './routes.ts';
import { checkedFile } from './checked-file.ts';
import type { ContentMemo } from './memo.ts';
import { locate, type YamlSource } from './yaml-source.ts';

export const REDIRECTS_FILE = 'redirects.yaml';

/** One redirect as hosts apply it: a whole path to a whole path or URL (per-locale rules expanded). */
export interface Redirect {
  from: string;
  to: string;
  status: RedirectRule['status'];
  /** The language it belongs to: its rule's locale, else none (whole paths). */
  locale?: LocaleCode;
  /** Where its rule's key is written in redirects.yaml (`from`, `to`, `status`). */
  at: (key: 'from' | 'to' | 'status') => SourceLocation;
}

export interface LoadedRedirects {
  redirects: Redirect[];
  source?: YamlSource;
  errors: SiteError[];
}

/** The address a path names, as hosts and `site serve` match it: `/alt/` and `/alt` are one address. */
export function addressOf(urlPath: string): string {
  return urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
}

/** A path below a locale's root: `/alt` in fr is `/fr/alt`; the default locale has no prefix. */
function inLocale(sitePath: string, locale: LocaleCode, site: SiteConfig): string {
  const root = routeFor(locale, '', site.defaultLocale);
  if (root === '/') return sitePath;
  // The locale's home is `/fr`, not `/fr/`: `/#contact` becomes `/fr#contact`.
  const [pathPart = '', fragment] = sitePath.split('#', 2);
  return `${pathPart === '/' ? root : `${root}${pathPart}`}${fragment === undefined ? '' : `#${fragment}`}`;
}

/**
 * Reads content/redirects.yaml (a missing file is no redirects): validated by its zod schema, per-locale rules
 * expanded into one redirect per language, and two rules for the same old address reported at the second.
 */
export async function loadRedirects(contentDir: string, site: SiteConfig, memo?: ContentMemo): Promise<LoadedRedirects> {
  // With the build's content memo, an unchanged file is neither read nor validated (checked-file.ts).
  const checked = await checkedFile(contentDir, REDIRECTS_FILE, async () => (await import('../schema/redirects.ts')).RedirectsFile, memo);
  if (!checked) return { redirects: [], errors: [] };
  const { source } = checked;
  if (!source) return { redirects: [], errors: checked.errors };
  if (!checked.value) return { redirects: [], source, errors: checked.errors };
  const errors: SiteError[] = [];
  const codes = site.locales.map((l) => l.code);
  const redirects: Redirect[] = [];
  const seen = new Map<string, number>();
  for (const [i, rule] of checked.value.redirects.entries()) {
    const at = (key: 'from' | 'to' | 'status') => locate(source, ['redirects', i, key]);
    const locales: (LocaleCode | undefined)[] = rule.locales ?? [undefined];
    for (const [j, locale] of locales.entries()) {
      if (locale && !codes.includes(locale)) {
        const suggestion = closest(locale, codes);
        errors.push(
          new SiteError({
            code: 'unknown-locale',
            message: `redirect for '${locale}', which site.yaml does not list in locales`,
            location: locate(source, ['redirects', i, 'locales', j]),
            expected: `one of: ${codes.join(', ')}`,
            found: `'${locale}'`,
            hint: suggestion ? `did you mean '${suggestion}'?` : 'remove it, or add the language to site.yaml',
          }),
        );
        continue;
      }
      const from = locale ? inLocale(rule.from, locale, site) : rule.from;
      const to = locale && rule.to.startsWith('/') ? inLocale(rule.to, locale, site) : rule.to;
      const address = addressOf(from);
      const first = seen.get(address);
      if (first !== undefined) {
        errors.push(
          new SiteError({
            code: 'redirect-duplicate',
            message: `${address} is redirected twice`,
            location: at('from'),
            expected: 'each old address in one rule',
            found: `${address} here and in rule ${first + 1} (line ${locate(source, ['redirects', first, 'from']).line})`,
            hint: 'keep one of the two rules (hosts apply only the first)',
          }),
        );
        continue;
      }
      seen.set(address, i);
      redirects.push({ from: address, to, status: rule.status, ...(locale ? { locale } : {}), at });
    }
  }
  return { redirects, source, errors: [...checked.errors, ...errors] };
}
