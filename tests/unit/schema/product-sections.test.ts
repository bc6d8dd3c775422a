import { describe, expect, it } from 'vitest';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';
import { RichText } from '../../../src/schema/text.ts';

const sections = createSectionSchema({ plans: ['standard'], savings: ['vsTwo'], chatbots: ['standard', 'intake'] });
const issues = (value: unknown) => {
  const result = sections.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const pricing = {
  type: 'chatbotPricing',
  title: 'Preise',
  caption: 'Preise nach Laufzeit',
  tierHeading: 'Chatbot',
  commitments: { months12: '12 Monate', months6: '6 Monate', months1: '1 Monat' },
  perMonth: 'pro Monat',
  tiers: [{ tier: 'standard', name: 'Standard', description: 'Firmen-Bot' }],
  setup: { name: 'Einrichtung', description: 'einmalig' },
};

describe('chatbotPricing', () => {
  it('accepts a table whose tiers are packages of offer.chatbots priced by commitment', () => {
    expect(issues(pricing)).toEqual([]);
  });

  it('rejects a tier the price list does not have and a missing commitment label', () => {
    const found = issues({ ...pricing, tiers: [{ tier: 'premium', name: 'P', description: 'd' }], commitments: { months12: '12', months6: '6' } });
    expect(found.some((m) => m.startsWith('tiers.0.tier'))).toBe(true);
    expect(found.some((m) => m.startsWith('commitments.months1'))).toBe(true);
  });
});

describe('legal', () => {
  const legal = { type: 'legal', title: 'AGB', parts: [{ title: 'Geltungsbereich', body: ['Text'] }] };

  it('defaults to decimal numbering', () => {
    const parsed = sections.parse(legal);
    expect(parsed.type === 'legal' && parsed.numbering).toBe('decimal');
  });

  it('rejects an empty document and an unknown numbering', () => {
    expect(issues({ ...legal, parts: [] })).toEqual([expect.stringMatching(/^parts: /)]);
    expect(issues({ ...legal, numbering: 'roman' })).toEqual([expect.stringMatching(/^numbering: /)]);
  });
});

describe('notFound', () => {
  it('only links back into the site', () => {
    const page = { type: 'notFound', code: '404', title: 'Oops! Page not found', logMessage: 'x', action: { label: 'Home', href: 'https://example.com' } };
    expect(issues(page)).toEqual([expect.stringMatching(/^action.href: expected a site path/)]);
    expect(issues({ ...page, action: { label: 'Home', href: '/' } })).toEqual([]);
  });
});

describe('rich text lines', () => {
  it('accepts an address block and checks its links like any other text', () => {
    expect(RichText.safeParse([{ lines: ['KI-Zentrale UG', '[E-Mail](mailto:a@b.de)'] }]).success).toBe(true);
    expect(RichText.safeParse([{ lines: ['[click](javascript:alert(1))'] }]).success).toBe(false);
    expect(RichText.safeParse([{ lines: [] }]).success).toBe(false);
  });
});
