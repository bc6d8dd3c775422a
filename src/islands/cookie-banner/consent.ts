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

/**
 * The inline head script: marks the document before first paint when the banner must show, and then, on
 * pages where the banner is the only island, adds the island loader (`loader`): a visitor who has decided
 * downloads no script on those pages.
 */
export function consentProbeScript(cookieName: string, loader?: string): string {
  const name = cookieName.replace(/[^A-Za-z0-9_-]/g, '');
  const load = loader ? `;var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(loader).replace(/</g, '\\u003c')};document.head.appendChild(s)` : '';
  return `if(!/(?:^|;\\s*)${name}=/.test(document.cookie)){document.documentElement.dataset.consent="ask"${load}}`;
}
