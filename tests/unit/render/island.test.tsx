import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from '../../../src/render/Island.tsx';

describe('Island (server side)', () => {
  it('serialises the props next to the server HTML, with the instance as id prefix', () => {
    const html = renderToString(<Island name="not-found-log" instance="nf" hydrate="load" props={{ message: 'a "quoted" <message>' }} />);
    expect(html).toContain('data-island="not-found-log"');
    expect(html).toContain('data-prefix="nf-"');
    expect(html).toContain('data-props="{&quot;message&quot;:&quot;a \\&quot;quoted\\&quot; &lt;message&gt;&quot;}"');
  });

  it('names the island when its component throws during the build', () => {
    const broken = { strings: null, cookie: null } as unknown as Parameters<typeof Island<'cookie-banner'>>[0]['props'];
    expect(() => renderToString(<Island name="cookie-banner" instance="cookie-banner" hydrate="idle" props={broken} />)).toThrow(
      /^island 'cookie-banner' \(instance 'cookie-banner'\) failed to render: Cannot read properties of null/,
    );
  });
});
