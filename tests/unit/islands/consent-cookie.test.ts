import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeConsent } from '../../../src/islands/cookie-banner/consent.ts';

const cookie = { name: 'cookie-consent', maxAgeSeconds: 31_536_000 };

/** What `document.cookie = …` was given, on a page served over `protocol`. */
function written(protocol: 'https:' | 'http:', value: 'accepted' | 'rejected'): string {
  let line = '';
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    set cookie(text: string) {
      line = text;
    },
  });
  writeConsent(cookie, value);
  return line;
}

describe('the consent cookie', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is SameSite=Lax, Path=/, one year, and Secure on https', () => {
    expect(written('https:', 'accepted')).toBe('cookie-consent=accepted; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
  });

  it('leaves Secure off on plain http (local `site serve`), where the browser would drop a Secure cookie', () => {
    expect(written('http:', 'rejected')).toBe('cookie-consent=rejected; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
