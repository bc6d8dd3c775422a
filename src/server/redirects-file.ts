/**
 * The `_redirects` file `site build` writes (content/redirects.yaml), read the way Cloudflare Pages reads it:
 * `from to [status]` per line, `#` comments, the first rule for a path wins, a line that does not parse is
 * ignored. `site serve` answers with exactly the rules a host would apply, so a redirect can be tried locally.
 */

export interface RedirectAnswer {
  status: number;
  location: string;
}

const STATUSES = new Set([301, 302, 303, 307, 308]);

/** Rules by path. Only whole paths (no splats or placeholders: the build writes none) and safe targets: a path on this site or an https URL. */
export function parseRedirectsFile(text: string): Map<string, RedirectAnswer> {
  const rules = new Map<string, RedirectAnswer>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from = '', to = '', code = '302', ...rest] = line.split(/\s+/);
    const status = Number(code);
    if (rest.length || !STATUSES.has(status) || !from.startsWith('/') || /[*:]/.test(from)) continue;
    // `//host` would leave the site; anything but a path or https is not a redirect the build writes.
    if (!(/^\/(?!\/)/.test(to) || /^https:\/\/[^\s]+$/.test(to))) continue;
    if (!rules.has(from)) rules.set(from, { status, location: to });
  }
  return rules;
}

/**
 * The answer for a normalised request path (request-path.ts: decoded once, dot segments resolved), with the
 * request's query carried over as hosts do, unless the target has its own.
 */
export function redirectFor(rules: ReadonlyMap<string, RedirectAnswer>, normalisedPath: string, query: string): RedirectAnswer | undefined {
  const rule = rules.get(normalisedPath);
  if (!rule) return undefined;
  if (!query || rule.location.includes('?')) return rule;
  const [beforeHash = '', hash] = rule.location.split('#', 2);
  return { status: rule.status, location: `${beforeHash}${query}${hash === undefined ? '' : `#${hash}`}` };
}
