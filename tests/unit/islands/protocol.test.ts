import { describe, expect, it } from 'vitest';
import { islandUses, loaderNeed } from '../../../src/islands/protocol.ts';

describe('islandUses', () => {
  it('reads each island root with its strategy and props file, in document order, defaulting to load', () => {
    const html = [
      '<main><div class="a">text with data-island="fake" in it</div>',
      '<div data-island="contact-form" data-hydrate="visible" data-prefix="contact-" data-props-src="/assets/contact-form-props-0123456789.json"><form></form></div>',
      '<div class="x" data-island="chat-demo"><button>Chat</button></div></main>',
    ].join('');
    expect(islandUses(html)).toEqual([
      { name: 'contact-form', hydrate: 'visible', props: '/assets/contact-form-props-0123456789.json' },
      { name: 'chat-demo', hydrate: 'load' },
    ]);
  });

  it('ignores the attribute on other elements and in text, and finds nothing in a page without islands', () => {
    expect(islandUses('<section data-island="x"></section><p>&lt;div data-island="y"&gt;</p><divider data-island="z"></divider>')).toEqual([]);
    expect(islandUses('<html><body><main>no islands</main></body></html>')).toEqual([]);
  });
});

describe('loaderNeed', () => {
  it('links the loader only for a page with islands', () => {
    expect(loaderNeed([])).toBe('none');
    expect(loaderNeed([{ name: 'chat-demo', hydrate: 'interaction' }])).toBe('page-load');
  });
});
