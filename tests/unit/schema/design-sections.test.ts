import { describe, expect, it } from 'vitest';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';

const sections = createSectionSchema({ plans: ['standard', 'plus'], savings: ['vsTwo'] });
const issues = (value: unknown) => {
  const result = sections.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const plan = (key: string, extra: object = {}) => ({
  plan: key,
  name: key,
  tagline: 't',
  term: 'm',
  features: ['f'],
  action: { label: 'a', href: '#contact' },
  ...extra,
});

describe('plans', () => {
  it('features a plan only when it says featured, never because it has a badge', () => {
    const parsed = sections.parse({
      type: 'plans',
      title: 'P',
      plans: [plan('standard', { badge: 'Bester Preis' }), plan('plus', { badge: 'Empfohlen', featured: true })],
    });
    expect(parsed.type === 'plans' && parsed.plans.map((p) => p.featured)).toEqual([false, true]);
  });

  it('rejects two featured plans with a message that says why', () => {
    const found = issues({ type: 'plans', title: 'P', plans: [plan('standard', { featured: true }), plan('plus', { featured: true })] });
    expect(found).toEqual(['plans: at most one plan may be featured (featured: true); the page recommends one plan']);
  });
});

describe('hero mock', () => {
  const hero = { type: 'hero', title: 'T', lead: 'L', actions: [{ label: 'a', href: '#contact' }] };
  const platform = {
    kind: 'platform',
    alt: 'Die Oberfläche',
    address: 'ki-zentrale.de',
    agentsTitle: 'Agenten',
    agents: ['A', 'B'],
    pickerLabel: 'Modell',
    smartSelect: 'Smart Select',
    smartSelectNote: 'automatisch',
    models: ['ChatGPT', 'Claude'],
    messages: [
      { from: 'user', text: 'Frage' },
      { from: 'assistant', text: 'Antwort', meta: 'Claude' },
    ],
    inputPlaceholder: 'Nachricht',
  };

  it('accepts a platform mock and requires its text alternative', () => {
    expect(issues({ ...hero, mock: platform })).toEqual([]);
    const { alt: _alt, ...withoutAlt } = platform;
    expect(issues({ ...hero, mock: withoutAlt }).some((m) => m.startsWith('mock.alt'))).toBe(true);
  });

  it('names the unknown mock kind', () => {
    expect(issues({ ...hero, mock: { ...platform, kind: 'video' } }).some((m) => m.startsWith('mock.kind'))).toBe(true);
  });
});
