import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPageSchema } from '../../../src/schema/page.ts';
import { MOCK_EXAMPLES, SECTION_EXAMPLES } from '../../../src/schema/sections/examples.ts';

/** The Smart Select tile's drawing (`drawing: model-choice`) is made of the page's platform drawing and its `chosen` model. */
const sections = createPageSchema({ plans: ['standard'], savings: ['vsTwo'], chatbots: ['standard'] }).shape.sections;
const issues = (value: unknown) => {
  const result = sections.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const hero = (chosen?: number) => ({
  ...parse(SECTION_EXAMPLES.hero!)[0],
  mock: { ...parse(MOCK_EXAMPLES.platform!).mock, ...(chosen === undefined ? {} : { chosen }) },
});
const spotlight = { ...parse(SECTION_EXAMPLES.features!)[0], items: [{ title: 'Smart Select', text: 'Wählt das Modell.', drawing: 'model-choice' }] };

describe('model-choice drawing', () => {
  it('is valid on a page with a platform drawing whose chosen model is one of its models', () => {
    expect(issues([hero(1), spotlight])).toEqual([]);
    expect(issues([hero(), spotlight])).toEqual([]);
  });

  it('names the tile when the page has no platform drawing to draw it from', () => {
    const { mock: _none, ...bare } = hero();
    expect(issues([bare, spotlight])).toEqual([
      '1.items.0.drawing: expected a platform drawing (mock: with kind: platform) on this page: model-choice is drawn from it',
    ]);
  });

  it('refuses a chosen model past the end of models, saying which places there are', () => {
    expect(issues([hero(2), spotlight])).toEqual(['0.mock.chosen: expected 0 to 1: the place in models of the model that answered, counted from 0']);
  });
});
