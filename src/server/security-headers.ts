import type { ServerResponse } from 'node:http';

/**
 * Headers every answer of `site serve` carries, whatever produced it (a page, a 400, a 405, a 500, the
 * contact function): a page's own `_headers` rules replace them where they set the same header.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** For answers that are not pages (errors, JSON): nothing may load from them, and nobody may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A short plain-text answer (an error) with the security headers and its policy. */
export function plainAnswer(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`);
  res
    .writeHead(status, {
      ...BASE_SECURITY_HEADERS,
      'content-security-policy': NON_PAGE_CSP,
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
      ...extra,
    })
    .end(body);
}
