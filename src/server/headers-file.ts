/**
 * The `_headers` file static hosts read (Netlify, Cloudflare Pages): a path pattern on its own line,
 * then indented `Name: value` lines. `site serve` applies it too, so local pages get the same CSP,
 * security headers and cache policy as production.
 */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
  /** Headers an earlier rule attached that this one removes (`! Name`, Cloudflare Pages' detach syntax). */
  detach: string[];
}

function patternOf(path: string): RegExp {
  // `*` matches the rest of the path (a "splat"); `:name` one segment; everything else literally.
  const source = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: patternOf(line.trim()), headers: [], detach: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules[rules.length - 1];
    const detached = /^\s*!\s*([^\s:]+)\s*$/.exec(line)?.[1];
    if (rule && detached) rule.detach.push(detached.toLowerCase());
    else if (rule && colon > 0) rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * Headers for a normalised URL path (see request-path.ts), as Cloudflare Pages and Netlify apply the
 * same file: every matching rule in file order contributes, a header set by several matching rules
 * gets their values joined with `, `, and `! Name` removes what earlier rules attached.
 */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    for (const name of rule.detach) out.delete(name);
    for (const [name, value] of rule.headers) out.set(name, out.has(name) ? `${out.get(name)}, ${value}` : value);
  }
  return out;
}
