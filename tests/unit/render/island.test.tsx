import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from '../../../src/render/Island.tsx';

describe('Island (server side)', () => {
  it('serialises the props next to the server HTML, with the instance as id prefix', () => {
    const props = { strings: { title: 'a "quoted" <title>', text: 'Cookies', accept: 'OK', decline: 'Nein', declineSetsCookie: false }, cookie: { name: 'c', maxAgeSeconds: 1 } };
    const html = renderToString(<Island name="cookie-banner" instance="cb" hydrate="idle" props={props} />);
    expect(html).toContain('data-island="cookie-banner"');
    expect(html).toContain('data-prefix="cb-"');
    expect(html).toContain('data-props="{&quot;strings&quot;:{&quot;title&quot;:&quot;a \\&quot;quoted\\&quot; &lt;title&gt;&quot;,');
    // The server HTML inside uses the prefix for React's ids, as the browser's hydrateRoot will.
    expect(html).toMatch(/ id="_cb-/);
  });

  it('names the island when its component throws during the build', () => {
    const broken = { strings: null, cookie: null } as unknown as Parameters<typeof Island<'cookie-banner'>>[0]['props'];
    expect(() => renderToString(<Island name="cookie-banner" instance="cookie-banner" hydrate="idle" props={broken} />)).toThrow(
      /^island 'cookie-banner' \(instance 'cookie-banner'\) failed to render: Cannot read properties of null/,
    );
  });
});
