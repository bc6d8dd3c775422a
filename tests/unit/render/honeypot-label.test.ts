/**
 * The contact form's hidden anti-spam field is labelled from content (forms.honeypot), like every string a
 * reader can meet: someone browsing without CSS sees it, so each language says to leave it empty.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import { renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { loadFixture } from '../../support/fixture.ts';

const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };

it('the honeypot label is the locale’s forms.honeypot, in the server HTML and in the island props', async () => {
  const template = await readFile('templates/document.html', 'utf8');
  const loaded = await loadContent((await loadFixture('content/honeypot-label')).content);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  const model = loaded.value;
  const { html, islandProps } = renderRouteWithSources(
    model,
    model.pages.find((p) => p.route === '/')!,
    assets,
    template,
  );
  // As typed, in the page's typography: the dash stays with the word before it (render/typography-marks.ts).
  const label = 'Feld nur für Bots\u00a0– bitte leer lassen';
  expect(/<label>([^<]*)<input[^>]*name="homepage"/.exec(html)?.[1]).toBe(label);
  const props = islandProps.get(/data-island="contact-form"[^>]*data-props-src="([^"]*)"/.exec(html)![1]!)!;
  expect((JSON.parse(props) as { strings: { honeypot: string } }).strings.honeypot).toBe(label);
  expect(html).not.toContain('Homepage');
});
