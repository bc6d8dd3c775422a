import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconBadge, icons } from '../../../src/render/icons.tsx';
import { ICON_NAMES } from '../../../src/schema/text.ts';

describe('IconBadge', () => {
  it.each(ICON_NAMES)('%s: the badge holds the bytes lucide renders for the icon, each time it is asked for', (name) => {
    const Svg = icons[name];
    const lucide = renderToString(
      <span className="badge">
        <Svg className="size-6" aria-hidden="true" focusable="false" strokeWidth={1.75} />
      </span>,
    );
    expect(lucide).toMatch(/^<span class="badge"><svg [^>]*class="lucide [^"]*size-6"[^>]*><(path|circle|rect|line|polyline|polygon|ellipse) /);
    // Twice: the first render draws the icon, the second reuses it; inside a page render too.
    expect(renderToString(<IconBadge name={name} className="badge" />)).toBe(lucide);
    expect(
      renderToString(
        <p>
          <IconBadge name={name} className="badge" />
          <IconBadge name={name} className="badge" />
        </p>,
      ),
    ).toBe(`<p>${lucide}${lucide}</p>`);
  });
});
