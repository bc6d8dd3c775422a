import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSavings, parseAmount, savingHolds } from '../../../src/check/claims.ts';
import { loadContent } from '../../../src/content/load.ts';

describe('savings arithmetic on the real constants (SPEC §1, §9)', () => {
  it('computes 53.3 %, 74.6 % and 68.6 % and the claims 53, up to 75 and 68 hold', async () => {
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('real content does not load');
    const savings = computeSavings(loaded.value.site);
    expect(savings.map((s) => [s.key, s.total, s.computed.toFixed(1), s.claimed, savingHolds(s)])).toEqual([
      ['vsTwo', 44.98, '53.3', 53, true],
      ['vsThree', 66.97, '74.6', 75, true],
      ['plusVsThree', 66.97, '68.6', 68, true],
    ]);
  });
});

describe('the rounding rule', () => {
  it('a plain claim may round down by less than a point and never overstate', () => {
    expect(savingHolds({ claimed: 53, computed: 53.31, upTo: false })).toBe(true);
    expect(savingHolds({ claimed: 54, computed: 53.31, upTo: false })).toBe(false);
    expect(savingHolds({ claimed: 52, computed: 53.31, upTo: false })).toBe(false);
    expect(savingHolds({ claimed: 75, computed: 74.62, upTo: false })).toBe(false);
  });

  it('an "up to" claim may also round to the nearest whole percent', () => {
    expect(savingHolds({ claimed: 75, computed: 74.62, upTo: true })).toBe(true);
    expect(savingHolds({ claimed: 75, computed: 74.4, upTo: true })).toBe(false);
    expect(savingHolds({ claimed: 74, computed: 74.62, upTo: true })).toBe(true);
  });

  it('floor(s) always holds and anything above s never does for a plain claim; round(s) holds for "up to"', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 99, noNaN: true }), (computed) => {
        expect(savingHolds({ claimed: Math.floor(computed), computed, upTo: false })).toBe(true);
        expect(savingHolds({ claimed: Math.floor(computed) + 1, computed: computed - 1e-6, upTo: false })).toBe(false);
        expect(savingHolds({ claimed: Math.round(computed), computed, upTo: true })).toBe(true);
      }),
    );
  });
});

describe('euro amounts typed into text', () => {
  it('reads the number whatever separators the language uses', () => {
    expect(['22,99', '22.99', '1.299,50', '1,299.50', '1 000', '17', '149'].map(parseAmount)).toEqual([22.99, 22.99, 1299.5, 1299.5, 1000, 17, 149]);
  });
});
