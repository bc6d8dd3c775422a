/**
 * Parts many pages show alike (footer columns, cookie banner, header menu and home link) are rendered once a build
 * and spliced into each page (render/shared-parts.tsx): the pages and their element sources are the same as
 * rendering every part in place.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import { renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { SharedParts, SharedPartsProvider, Shared } from '../../../src/render/shared-parts.tsx';
import { SourceMarks, SourceMarksProvider, useSourceMark } from '../../../src/render/source-marks.tsx';

const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };
const fixture = path.resolve(import.meta.dirname, '../../fixtures/check/base');

describe('pages with shared parts', () => {
  it.each([
    ['the real site', 'content'],
    ['the check fixture', fixture],
  ])('are the same bytes and element sources as rendered in place: %s', async (_, dir) => {
    const template = await readFile('templates/document.html', 'utf8');
    const loaded = await loadContent(dir);
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    const model = loaded.value;
    for (const entry of model.pages) {
      const shared = renderRouteWithSources(model, entry, assets, template);
      const inPlace = renderRouteWithSources(model, entry, assets, template, { shareParts: false });
      expect(shared.html, entry.route).toBe(inPlace.html);
      expect(shared.elements, entry.route).toEqual(inPlace.elements);
      expect([...shared.islandProps], entry.route).toEqual([...inPlace.islandProps]);
      expect(shared.html).not.toContain('site-shared');
    }
  });
});

const strings = { menu: { label: 'Menü', links: [{ href: '/a' }, { href: '/b' }] } };
const file = 'locales/de.yaml';

function Menu() {
  const mark = useSourceMark();
  return (
    <ul aria-label={strings.menu.label}>
      {strings.menu.links.map((link) => (
        <li key={link.href}>
          <a href={link.href} {...mark(link, 'href')}>
            {link.href}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A page's render as render-route.tsx does it: marks, the parts' placeholders, each part prepared, then spliced. */
function renderPage(model: object, element: ReactElement, renders: ReactElement[]) {
  const parts = new SharedParts(model, 'de');
  const marks = new SourceMarks().add(strings, file);
  const before = marks.mark(strings.menu, 'label');
  const body = renderToString(
    <SourceMarksProvider value={marks}>
      <SharedPartsProvider value={parts}>
        <p {...before}>page</p>
        {element}
      </SharedPartsProvider>
    </SourceMarksProvider>,
  );
  const ready = parts.prepare(
    (part) => {
      renders.push(part);
      const own = new SourceMarks();
      return { html: renderToString(<SourceMarksProvider value={own}>{part}</SourceMarksProvider>), marks: own };
    },
    (html) => html,
  );
  return { ready, ...(ready ? marks.extract(parts.splice(body, marks)) : { html: '', elements: [] }) };
}

describe('SharedParts', () => {
  it('renders a part once for all pages and gives each page its marks', () => {
    const model = {};
    const renders: ReactElement[] = [];
    const part = (
      <Shared owner={strings.menu} part="menu">
        <Menu />
      </Shared>
    );
    const first = renderPage(model, part, renders);
    const second = renderPage(model, part, renders);
    expect(renders).toHaveLength(1);
    expect(second).toEqual(first);
    expect(first.html).toBe('<p>page</p><ul aria-label="Menü"><li><a href="/a">/a</a></li><li><a href="/b">/b</a></li></ul>');
    expect(first.elements.map((e) => [e.at, e.path.join('.')])).toEqual([
      [0, 'menu.label'],
      [first.html.indexOf('<a href="/a"'), 'menu.links.0.href'],
      [first.html.indexOf('<a href="/b"'), 'menu.links.1.href'],
    ]);
    // Another build (a new model) renders it again.
    renderPage({}, part, renders);
    expect(renders).toHaveLength(2);
  });

  it('refuses a part that is empty or marks with the page’s marks, which then renders in place', () => {
    const model = {};
    const renders: ReactElement[] = [];
    const empty = (
      <Shared owner={strings.menu} part="nothing">
        <Nothing />
      </Shared>
    );
    expect(renderPage(model, empty, renders).ready).toBe(false);
    expect(renderPage(model, empty, renders)).toEqual({ ready: true, html: '<p>page</p>', elements: expect.any(Array) });
    const Foreign = ({ marked }: { marked: object }) => <a href="/x" {...marked} />;
    const ForeignPart = () => {
      const mark = useSourceMark();
      return (
        <Shared owner={strings.menu} part="foreign">
          <Foreign marked={mark(strings.menu.links[0]!, 'href')} />
        </Shared>
      );
    };
    expect(renderPage(model, <ForeignPart />, renders).ready).toBe(false);
    const inPlace = renderPage(model, <ForeignPart />, renders);
    expect(inPlace.html).toBe('<p>page</p><a href="/x"></a>');
    expect(inPlace.elements.map((e) => e.path.join('.'))).toEqual(['menu.label', 'menu.links.0.href']);
    // Refused parts are not rendered apart again.
    expect(renders).toHaveLength(2);
  });
});

function Nothing() {
  return null;
}
