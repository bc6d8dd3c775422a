import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactFormSettings } from '../../../src/islands/contact-form/props.ts';
import { contactFormSettings } from '../../../src/render/contact-forms.ts';
import { Island, IslandPropsContext, type IslandPropsFiles } from '../../../src/render/Island.tsx';
import { isPropsFile, islandPropsUrl } from '../../../src/render/island-props-url.ts';
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
  it('writes the props to a file named by their content, which the element names, with the instance as id prefix', () => {
    const props = { ...settings, strings: { ...settings.strings, submit: 'a "quoted" <submit>' } };
    const files: IslandPropsFiles = new Map();
    const html = renderToString(
      <IslandPropsContext value={files}>
        <Island name="contact-form" instance="cf" hydrate="visible" props={props} />
      </IslandPropsContext>,
    );
    const url = islandPropsUrl('contact-form', JSON.stringify(props));
    expect(url).toMatch(/^\/assets\/contact-form-props-[0-9a-f]{10}\.json$/);
    expect(html).toMatch(new RegExp(`^<div data-island="contact-form" data-hydrate="visible" data-prefix="cf-" data-props-src="${url}">`));
    // The browser gets back the very object the server rendered with; none of it stays in the HTML's attributes.
    expect([...files.keys()]).toEqual([url]);
    expect(JSON.parse(files.get(url)!)).toEqual(props);
    // A build tells the file in its output folder by its name (output/build.ts): these bytes, and no others.
    expect(isPropsFile(url, files.get(url)!)).toBe(true);
    expect(isPropsFile(url, JSON.stringify(settings))).toBe(false);
    expect(html).not.toContain('&quot;submit&quot;');
    expect(html).toContain('>a &quot;quoted&quot; &lt;submit&gt;</button>');
    // The server HTML inside uses the prefix for React's ids, as the browser's hydrateRoot will.
    expect(html).toMatch(/ id="_cf-/);
  });

  it('gives the same props the same file (pages of a locale share it) and other props another', () => {
    const files: IslandPropsFiles = new Map();
    const other = { ...settings, strings: { ...settings.strings, submit: 'Senden!' } };
    renderToString(
      <IslandPropsContext value={files}>
        <Island name="contact-form" instance="a" hydrate="visible" props={settings} />
        <Island name="contact-form" instance="b" hydrate="visible" props={settings} />
        <Island name="contact-form" instance="c" hydrate="visible" props={other} />
      </IslandPropsContext>,
    );
    expect([...files.keys()]).toEqual([islandPropsUrl('contact-form', JSON.stringify(settings)), islandPropsUrl('contact-form', JSON.stringify(other))]);
  });

  it('refuses to render where nobody collects its props file', () => {
    expect(() => renderToString(<Island name="contact-form" instance="cf" hydrate="visible" props={settings} />)).toThrow(/rendered outside renderRoute/);
  });

  it('names the island when its component throws during the build', () => {
    const broken = { ...settings, strings: null } as unknown as ContactFormSettings;
    expect(() =>
      renderToString(
        <IslandPropsContext value={new Map()}>
          <Island name="contact-form" instance="contact-form" hydrate="visible" props={broken} />
        </IslandPropsContext>,
      ),
    ).toThrow(/^island 'contact-form' \(instance 'contact-form'\) failed to render: Cannot read properties of null/);
  });
});
