/**
 * One meaning per path: a request's path is decoded and normalised once, here, and every later rule
 * (the `_headers` rules, the cache policy, the files never served, the file opened) sees only the
 * result. Matching a rule on the raw path and opening the decoded one let `/_headers/`, `%2f`
 * variants and `/assets/..%2findex.html` mean one thing to the rules and another to the file system.
 */

export type PathVerdict = { ok: true; path: string } | { ok: false; status: 400 | 404; message: string };

/** Host configuration files (output/host-files.ts HOST_ONLY_FILES): never served (Netlify and Cloudflare Pages hide theirs too). */
const HOST_FILES = new Set(['/_headers', '/_redirects', '/vercel.json', '/_nginx.conf']);

export type TargetVerdict = { ok: true; target: string } | { ok: false; message: string };

/**
 * The request target in origin form (`/path?query`), the only form the handlers see. An absolute-form
 * target (`http://evil.example/x`) loses its authority, and leading slashes and backslashes collapse to
 * one (`//evil.example/x` and `/\evil.example/x` would otherwise parse as URLs naming that host): nothing
 * in a request decides which host or origin it is addressed to. Anything else (`*`, an authority alone,
 * another scheme), malformed percent-encoding in the path and targets no URL parser reads are refused.
 */
export function originFormTarget(target: string): TargetVerdict {
  let rest: string;
  if (target.startsWith('/')) rest = target;
  else if (/^https?:\/\//i.test(target)) {
    rest = target.replace(/^https?:\/\/[^/?#]*/i, '');
    if (!rest.startsWith('/')) rest = `/${rest}`;
  } else return { ok: false, message: 'the request target must be a path starting with / (or an absolute http URL)' };
  rest = rest.replace(/^[/\\]+/, '/');
  try {
    decodeURIComponent(rest.replace(/[?#].*$/s, ''));
  } catch {
    return { ok: false, message: 'the path has malformed percent-encoding' };
  }
  let parsed: URL;
  try {
    parsed = new URL(rest, 'http://target.invalid');
  } catch {
    return { ok: false, message: 'the request target is not a valid URL path' };
  }
  if (parsed.host !== 'target.invalid') return { ok: false, message: 'the request target must not name a host' };
  return { ok: true, target: rest };
}

/** The path part of a request target (`/a/b?q`, or the absolute form `http://host/a/b?q`), still encoded. */
function rawPath(target: string): string | undefined {
  if (target.startsWith('/')) return target.replace(/[?#].*$/s, '');
  if (/^https?:\/\//i.test(target)) {
    const afterAuthority = target.replace(/^https?:\/\/[^/?#]*/i, '');
    return afterAuthority === '' || /^[?#]/.test(afterAuthority) ? '/' : rawPath(afterAuthority);
  }
  return undefined;
}

/**
 * The normalised path of a request target: percent-decoded once, dot segments resolved, repeated
 * slashes collapsed, a trailing slash kept. Refused with 400: anything that is not an origin- or
 * absolute-form path, malformed percent-encoding, an encoded `/` or `\` (a segment holding a slash
 * has no file), a NUL or other control character, a raw backslash. Refused with 404 (as if absent):
 * dotfiles and dot-folders (except `/.well-known/`) and the host's configuration files.
 */
export function normaliseRequestPath(target: string): PathVerdict {
  const raw = rawPath(target);
  if (raw === undefined) return { ok: false, status: 400, message: 'the request target must be a path starting with /' };
  if (/%(?:2f|5c)/i.test(raw)) return { ok: false, status: 400, message: 'an encoded / or \\ is not allowed in a path' };
  if (raw.includes('\\')) return { ok: false, status: 400, message: 'a backslash is not allowed in a path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, message: 'the path has malformed percent-encoding' };
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return { ok: false, status: 400, message: 'control characters (NUL included) are not allowed in a path' };
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts[parts.length - 1];
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  const path = `/${segments.join('/')}${trailing ? '/' : ''}`;
  if (segments.some((segment, i) => segment.startsWith('.') && !(i === 0 && segment === '.well-known'))) {
    return { ok: false, status: 404, message: 'dotfiles are not served' };
  }
  if (HOST_FILES.has(path.replace(/\/$/, ''))) return { ok: false, status: 404, message: 'host configuration files are not served' };
  return { ok: true, path };
}
