import { describe, expect, it } from 'vitest';
import { formatEuro, formatNumber } from '../../../src/content/references.ts';

describe('number formats', () => {
  it('keeps the digits a plain number has', () => {
    expect(formatNumber(99.9, 'de-DE')).toBe('99,9');
    expect(formatNumber(99.5, 'de-DE')).toBe('99,5');
    expect(formatNumber(31536000, 'de-DE')).toBe('31.536.000');
    expect(formatNumber(53, 'de-DE')).toBe('53');
  });

  // Intl puts a no-break space between amount and currency sign.
  it('pads euro amounts with cents to two digits', () => {
    expect(formatEuro(44.98, 'de-DE')).toBe('44,98\u00a0€');
    expect(formatEuro(22.5, 'de-DE')).toBe('22,50\u00a0€');
    expect(formatEuro(89, 'de-DE')).toBe('89\u00a0€');
  });
});
