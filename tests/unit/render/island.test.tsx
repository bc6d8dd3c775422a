import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactFormSettings } from '../../../src/islands/contact-form/props.ts';
import { contactFormSettings } from '../../../src/render/contact-forms.ts';
import { Island } from '../../../src/render/Island.tsx';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';

/** The props of the German home page's contact form (of a site with every page type), as the page renders them. */
let settings: ContactFormSettings;
let site: FixtureSite;

beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE);
  const model = await site.load();
  const entry = model.pages.find((p) => p.route === '/')!;
  const form = entry.page.sections.flatMap((s) => (s.type === 'contact' && s.form ? [s.form] : []))[0];
  if (!form) throw new Error('the home page has no contact form');
  settings = contactFormSettings({ model, entry, strings: model.locales.de!, assets: { css: '/a.css' } }, form);
});

afterAll(() => site.remove());

describe('Island (server side)', () => {
  it('serialises the props next to the server HTML, with the instance as id prefix', () => {
    const props = { ...settings, strings: { ...settings.strings, submit: 'a "quoted" <submit>' } };
    const html = renderToString(<Island name="contact-form" instance="cf" hydrate="visible" props={props} />);
    expect(html).toMatch(/^<div data-island="contact-form" data-hydrate="visible" data-prefix="cf-" data-props="\{&quot;strings&quot;:\{/);
    expect(html).toContain('&quot;submit&quot;:&quot;a \\&quot;quoted\\&quot; &lt;submit&gt;&quot;,');
    expect(html).toContain('>a &quot;quoted&quot; &lt;submit&gt;</button>');
    // The server HTML inside uses the prefix for React's ids, as the browser's hydrateRoot will.
    expect(html).toMatch(/ id="_cf-/);
  });

  it('names the island when its component throws during the build', () => {
    const broken = { ...settings, strings: null } as unknown as ContactFormSettings;
    expect(() => renderToString(<Island name="contact-form" instance="contact-form" hydrate="visible" props={broken} />)).toThrow(
      /^island 'contact-form' \(instance 'contact-form'\) failed to render: Cannot read properties of null/,
    );
  });
});
