import { SiteError } from '../errors/site-error.ts';
import { closest } from './describe.ts';
import { locateToken, scalarStrings, type YamlSource } from './yaml-source.ts';
import { durationSeconds, formatDuration, formatEuro, formatNumber, REFERENCE } from './reference-syntax.ts';

// The number formats live with the reference syntax, so the editor's browser code prints references as pages do.
export { formatDuration, formatEuro, formatNumber };

const FORMATS = ['eur', 'number', 'duration'] as const;

export type ReferenceScope = Record<string, unknown>;

function lookup(scope: ReferenceScope, key: string): { value?: unknown; missingAt?: string; known: string[]; suggestion?: string } {
  let value: unknown = scope;
  const parts = key.split('.');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (value === null || typeof value !== 'object' || !(part in value)) {
      const siblings = value && typeof value === 'object' ? Object.keys(value) : [];
      const fix = closest(part, siblings);
      return {
        missingAt: parts.slice(0, i + 1).join('.'),
        known: siblings.map((k) => [...parts.slice(0, i), k].join('.')),
        suggestion: fix ? [...parts.slice(0, i), fix, ...parts.slice(i + 1)].join('.') : undefined,
      };
    }
    value = (value as Record<string, unknown>)[part];
  }
  return { value, known: [] };
}

/**
 * Replaces every constant reference in the file's strings with the formatted constant (in the file's
 * language) and collects one error per unknown or non-scalar reference.
 */
export function resolveReferences(source: YamlSource, scope: ReferenceScope, intl: string): SiteError[] {
  const errors: SiteError[] = [];
  for (const scalar of scalarStrings(source)) {
    // The location is read only for an error: computing it parses the file a second time.
    const { path, value } = scalar;
    if (!value.includes('{{')) continue;
    const seen = new Map<string, number>();
    const replaced = value.replace(REFERENCE, (whole, key: string, format: string | undefined) => {
      // Each reference is located at its own token: the n-th time this token appears in the value.
      const occurrence = seen.get(whole) ?? 0;
      seen.set(whole, occurrence + 1);
      const at = () => locateToken(source, path, whole, occurrence);
      const found = lookup(scope, key);
      if (found.missingAt) {
        const suggestion = found.suggestion;
        errors.push(
          new SiteError({
            code: 'unknown-reference',
            message: `unknown constant '${key}'`,
            location: at(),
            expected: found.known.length ? `a constant such as ${found.known.slice(0, 6).join(', ')}` : 'a constant defined in content/site.yaml',
            found: whole,
            hint: suggestion ? `did you mean '${suggestion}'?` : 'constants live under content/site.yaml (constants, brand, company, email, anchors)',
          }),
        );
        return whole;
      }
      if (format && !(FORMATS as readonly string[]).includes(format)) {
        errors.push(
          new SiteError({ code: 'unknown-format', message: `unknown format '${format}'`, location: at(), expected: FORMATS.join(' | '), found: format }),
        );
        return whole;
      }
      if (typeof found.value === 'number') {
        if (format !== 'duration') return format === 'eur' ? formatEuro(found.value, intl) : formatNumber(found.value, intl);
        const seconds = durationSeconds(key, found.value);
        if (seconds !== undefined) return formatDuration(seconds, intl);
        errors.push(
          new SiteError({
            code: 'invalid-reference',
            message: `constant '${key}' cannot be printed as duration: its name does not say its unit`,
            location: at(),
            expected: 'a constant whose name ends in Seconds or Days',
            found: key,
            hint: 'e.g. {{cookies.consentMaxAgeSeconds | duration}} or {{cookies.sidebarStateDays | duration}}',
          }),
        );
        return whole;
      }
      if (typeof found.value === 'string' && !format) return found.value;
      errors.push(
        new SiteError({
          code: 'invalid-reference',
          message: `constant '${key}' cannot be printed${format ? ` as ${format}` : ''}`,
          location: at(),
          expected: format ? 'a number' : 'a number or a text',
          found: Array.isArray(found.value) ? 'a list' : typeof found.value === 'object' ? 'a group of constants' : typeof found.value,
          hint: 'reference a single value, e.g. plans.standard.price',
        }),
      );
      return whole;
    });
    if (replaced !== value) setAt(source.data, path, replaced);
  }
  return errors;
}

function setAt(data: unknown, path: PropertyKey[], value: string): void {
  let target = data as Record<PropertyKey, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<PropertyKey, unknown>;
  target[path[path.length - 1]!] = value;
}

export function formatPercent(value: number, intl: string): string {
  return new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
