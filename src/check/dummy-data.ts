/**
 * Values everybody recognises as made up. In the company data or the e-mail address (legal notice,
 * terms, privacy policy) they mean the real value was never filled in — whether or not the value still
 * carries its `!placeholder` tag. Each entry names what kind of dummy it is, for the message.
 * Keep the list short and unambiguous: a real street, name or number must never match.
 */
export const DUMMY_VALUES: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bMuster(?:mann|frau)\b/i, what: 'the German sample name (Max/Erika Mustermann)' },
  { pattern: /\b(?:John|Jane) Doe\b/i, what: 'a sample name (John/Jane Doe)' },
  {
    pattern: /\b(?:Muster|Beispiel)(?:stra(?:ß|ss)e|weg|gasse|allee|platz|stadt|dorf)\b|\bMusterhausen\b/i,
    what: 'a sample address (Musterstraße, Musterstadt)',
  },
  { pattern: /^(?:12345|0+)$/, what: 'a sample postal code (12345, 00000)' },
  { pattern: /^(?:HR[AB]|GnR|PR|VR)\s*0+$/i, what: 'an all-zero registry number (HRB 00000)' },
  { pattern: /^[A-Z]{2}\s?(?:0+|123456789)$/, what: 'a sample VAT ID (DE000000000, DE123456789)' },
  { pattern: /^(?:\+49[\s/-]*(?:\(0\)[\s/-]*)?|0)123[\s/-]*456/, what: 'a sample phone number (0123 456789, area code 0123)' },
  {
    pattern: /(?:^|[@.\/])example\.(?:com|org|net)\b|@[^@\s]+\.(?:example|invalid|test)$/i,
    what: 'a reserved example domain (example.com, example.org; RFC 2606)',
  },
  { pattern: /^(?:x+|todo|tbd|n\/?a|\?+|-+)$|^lorem ipsum\b/i, what: 'filler text' },
];

/** What kind of dummy `value` is, or undefined for a value that may be real. */
export function dummyKind(value: string): string | undefined {
  const trimmed = value.trim();
  return DUMMY_VALUES.find((d) => d.pattern.test(trimmed))?.what;
}
