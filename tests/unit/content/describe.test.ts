import { describe, expect, it } from 'vitest';
import { closest } from '../../../src/content/describe.ts';

describe('closest (did you mean)', () => {
  it('suggests a name one typo away, counting swapped neighbours as one typo', () => {
    expect(closest('titel', ['title', 'lead'])).toBe('title');
    expect(closest('heor', ['hero', 'faq', 'cta'])).toBe('hero');
    expect(closest('ed', ['de', 'fr', 'en', 'es'])).toBe('de');
    expect(closest('navLabell', ['navLabel', 'menuLabel'])).toBe('navLabel');
  });

  it('allows more edits for longer names: one per three letters', () => {
    expect(closest('chatbotPrcng', ['chatbotPricing'])).toBe('chatbotPricing');
    expect(closest('savngs', ['savings'])).toBe('savings');
  });

  it('suggests nothing when the closest name is not a plausible typo', () => {
    expect(closest('it', ['de', 'fr', 'en', 'es'])).toBeUndefined();
    expect(closest('x', ['y'])).toBeUndefined();
    expect(closest('pricing', ['hero', 'faq', 'cta'])).toBeUndefined();
  });
});
