import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Inline } from '../../../src/islands/inline-markup.tsx';
import { inlineLinks, isSafeLinkTarget } from '../../../src/schema/link-target.ts';

describe('link targets (parsed as a browser parses them)', () => {
  it.each(['/agb', '/fr/', '/agb#abschnitt', '#contact', 'https://www.ki-zentrale.de/x?y=1', 'mailto:info@example.com', 'tel:+49921123456'])(
    'allows %s',
    (href) => {
      expect(isSafeLinkTarget(href)).toBe(true);
    },
  );

  it.each([
    '//evil.example/login',
    '/\\evil.example',
    'http://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:x',
    'https://user:pw@evil.example',
    ' https://ok.example',
    'java\tscript:alert(1)',
    '',
    'ftp://x',
  ])('refuses %j', (href) => {
    expect(isSafeLinkTarget(href)).toBe(false);
  });
});

describe('Inline renders a refused link as its text', () => {
  const html = (text: string) => renderToStaticMarkup(<Inline text={text} />);

  it.each([
    '[Partner](//evil.example/login)',
    '[x](/\\evil.example)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](http://evil.example)',
    '[x](javascript:alert(1))',
  ])('%s: no <a>', (text) => {
    expect(html(text)).not.toContain('<a');
  });

  it('a link nested in a label gives one safe link and text, never the outer target', () => {
    const out = html('[[innen](https://ok.example)](http://evil.example)');
    expect(out.match(/href="([^"]*)"/g)).toEqual(['href="https://ok.example"']);
  });

  it('renders safe links and bold as before', () => {
    expect(html('**Hallo** [AGB](/agb)')).toBe(
      '<strong class="font-semibold text-slate-900">Hallo</strong> <a href="/agb" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">AGB</a>',
    );
  });
});

describe('inline `code`', () => {
  it('renders a name in backticks as a code chip, its text as written, beside bold and links', () => {
    const html = renderToStaticMarkup(<Inline text="`cookie-consent` hält **ein Jahr**, siehe [Datenschutz](/datenschutz). `<b>`" />);
    expect(html).toMatch(/^<code class="[^"]*">cookie-consent<\/code> hält <strong class="[^"]*">ein Jahr<\/strong>, siehe <a href="\/datenschutz"/);
    expect(html).toContain('<code class="rounded bg-white');
    expect(html).toMatch(/<code class="[^"]*">&lt;b&gt;<\/code>$/);
  });

  it('is not a link: the links of a line are only its [label](href) parts', () => {
    expect(inlineLinks('`a` [b](/c) `d`')).toEqual([{ label: 'b', href: '/c', index: 4 }]);
  });
});
