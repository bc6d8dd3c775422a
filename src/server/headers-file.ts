/**
 * The `_headers` file static hosts read (Netlify, Cloudflare Pages): a path pattern on its own line,
 * then indented `Name: value` lines. `site serve` applies it too, so local pages get the same CSP,
 * security headers and cache policy as production.
 */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
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
      rules.push({ pattern: patternOf(line.trim()), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && colon > 0) rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Headers for a URL path: every matching rule in file order, a later rule overriding an earlier one. */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) if (rule.pattern.test(urlPath)) for (const [name, value] of rule.headers) out.set(name, value);
  return out;
}
