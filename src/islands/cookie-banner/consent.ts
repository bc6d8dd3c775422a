/** Reads and writes the consent cookie (SPEC §4, §9). Cookie handling is local only. */
export interface ConsentCookie {
  name: string;
  maxAgeSeconds: number;
}

export type ConsentValue = 'accepted' | 'rejected';

export function writeConsent(cookie: ConsentCookie, value: ConsentValue): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookie.name}=${value}; Max-Age=${cookie.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
