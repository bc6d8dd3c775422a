import type { ErrorCode } from '../errors/codes.ts';
import type { SiteError, SourceLocation } from '../errors/site-error.ts';

export type Severity = 'error' | 'warning';

/**
 * One result of `site check`: a value like SiteError, plus a severity and, for problems in the built
 * output, the route and the element instead of a file position.
 */
export interface Finding {
  code: ErrorCode;
  severity: Severity;
  message: string;
  /** Content findings: file, line, column and the path inside the document. */
  location?: SourceLocation;
  /** Output findings: the route (e.g. `/fr/education`) and a short description of the element. */
  route?: string;
  element?: string;
  /** Output findings about one element: where it starts in the route's HTML, for `findingSource`; not reported. */
  offset?: number;
  /**
   * Output findings: where in the content the element comes from — the scalar holding its link or text
   * (page file or the locale's UI strings) when one does, else the route's page file without a line.
   */
  source?: SourceLocation;
  expected?: string;
  found?: string;
  hint?: string;
}

export function fromSiteError(error: SiteError, severity: Severity = 'error'): Finding {
  return { severity, ...withoutUndefined(error.toJSON()) } as Finding;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function finding(init: Finding): Finding {
  return withoutUndefined(init);
}

/**
 * A location whose line and column are worked out when first read: placing a copy finding parses its file's YAML
 * document again, and `site dev` shows 20 findings of a code out of thousands (BoundedFindings counts the rest
 * without reading where they are). Once read, it is the object `place` returns, key for key, so reports print the same.
 */
export function lazyLocation(file: string, path: string | undefined, place: () => SourceLocation): SourceLocation {
  const location = { file, path } as SourceLocation;
  const settle = () => {
    const placed = place();
    for (const key of ['line', 'column'] as const) {
      if (placed[key] === undefined) delete location[key];
      else Object.defineProperty(location, key, { value: placed[key], enumerable: true, writable: true, configurable: true });
    }
  };
  for (const key of ['line', 'column'] as const)
    Object.defineProperty(location, key, {
      enumerable: true,
      configurable: true,
      get() {
        settle();
        return location[key];
      },
      set(value: number | undefined) {
        settle();
        Object.defineProperty(location, key, { value, enumerable: true, writable: true, configurable: true });
      },
    });
  return location;
}

/** Stable order: content before output, then by file/route and position, so reports diff cleanly. */
/**
 * Errors first, then warnings (a list of placeholder warnings must not push the one error that fails the
 * run off the screen); within each, by file, line and column, findings without a location last.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const key = (f: Finding) =>
    [f.severity === 'error' ? 0 : 1, f.location ? 0 : 1, f.location?.file ?? f.route ?? '', f.location?.line ?? 0, f.location?.column ?? 0] as const;
  return [...findings].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) {
      if (ka[i]! < kb[i]!) return -1;
      if (ka[i]! > kb[i]!) return 1;
    }
    return a.code.localeCompare(b.code);
  });
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  return {
    error: findings.filter((f) => f.severity === 'error').length,
    warning: findings.filter((f) => f.severity === 'warning').length,
  };
}

/** Findings of one code and severity that a bounded report leaves out: how many. */
export interface OmittedFindings {
  code: ErrorCode;
  severity: Severity;
  count: number;
}

/**
 * Findings as they come, at most `perCode` of each code and severity, the rest counted: `site dev` reports a site of
 * 10,000 pages whose every page repeats one broken link in bounded memory and a readable terminal (`site check` lists all).
 */
export class BoundedFindings {
  readonly shown: Finding[] = [];
  private readonly counts = new Map<string, OmittedFindings>();

  constructor(private readonly perCode: number) {}

  add(findings: Iterable<Finding>): void {
    for (const f of findings) {
      const key = `${f.severity} ${f.code}`;
      let count = this.counts.get(key);
      if (!count) this.counts.set(key, (count = { code: f.code, severity: f.severity, count: 0 }));
      if (++count.count <= this.perCode) this.shown.push(f);
    }
  }

  /** Codes with findings beyond `perCode`, each with the number left out. */
  omitted(): OmittedFindings[] {
    return [...this.counts.values()].filter((c) => c.count > this.perCode).map((c) => ({ ...c, count: c.count - this.perCode }));
  }
}

/** Errors and warnings of a report, the ones it leaves out (`omitted`) included. */
export function countAll(findings: readonly Finding[], omitted: readonly OmittedFindings[] = []): Record<Severity, number> {
  const counts = countBySeverity(findings);
  for (const o of omitted) counts[o.severity] += o.count;
  return counts;
}
