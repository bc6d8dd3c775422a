/**
 * The editor's preview renders the edited page alone, ahead of the rebuild (DevBuilder.previewPage): the page is
 * served at once, the rebuild after it renders nothing and reports no change, and an older rebuild never puts an
 * older version of the page back.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noCache } from '../../../../src/cache/build-cache.ts';
import { loadContent } from '../../../../src/content/load.ts';
import { DevBuilder, type SiteFiles } from '../../../../src/dev/dev-build.ts';
import { loadFixture } from '../../../support/fixture.ts';

const HOME = 'pages/home/de.yaml';
const TITLE = 'Alle KI-Modelle an einem Ort';
let content: string;
let homeText: string;

beforeAll(async () => {
  content = (await loadFixture('check/base')).content;
  homeText = await readFile(path.join(content, HOME), 'utf8');
});
afterAll(() => rm(path.dirname(content), { recursive: true, force: true }));

const html = (files: SiteFiles, url: string) => new TextDecoder().decode(files.get(url));

/** The content with the home page's hero title as `title`, as an unsaved edit (what the editor's preview loads). */
async function withTitle(dev: DevBuilder, title: string) {
  dev.unsavedEdits.set(HOME, homeText.replace(`title: ${TITLE}`, `title: ${title}`));
  const loaded = await loadContent(content, {}, dev.memo, dev.unsavedEdits);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return loaded.value;
}

it('serves the edited page at once, and the rebuild after it renders nothing and changes nothing', async () => {
  const dev = new DevBuilder(content, {}, noCache);
  const first = await dev.rebuild();
  if (!first.ok) throw new Error(first.errors.map((e) => e.message).join('\n'));
  const english = html(first.files, '/en/index.html');

  const model = await withTitle(dev, 'Jede KI an einem Ort');
  const shown = await dev.previewPage(model, HOME);
  expect(shown?.route).toBe('/');
  // The headline's short last word is bound to the one before it (render/typography.ts).
  const title = 'Jede KI an einem\u00a0Ort';
  expect(new TextDecoder().decode(shown?.html)).toContain(title);
  // What the dev server serves (the rebuild's map) has it before any rebuild.
  expect(html(first.files, '/index.html')).toContain(title);

  dev.useLoaded(model);
  const after = await dev.rebuild();
  expect(after.ok && [after.rendered, after.changed]).toEqual([0, []]);
  if (after.ok) expect(html(after.files, '/en/index.html')).toBe(english);
  // Another kind of file (not a page) has no page of its own to preview.
  expect(await dev.previewPage(model, 'locales/de.yaml')).toBeUndefined();
});

it('keeps the newest preview when a rebuild of an older keystroke ends after it', async () => {
  const dev = new DevBuilder(content, {}, noCache);
  if (!(await dev.rebuild()).ok) throw new Error('the fixture does not build');
  const older = await withTitle(dev, 'Erster Entwurf');
  const newer = await withTitle(dev, 'Zweiter Entwurf');
  dev.useLoaded(older);
  // The older keystroke's rebuild is under way when the newer keystroke's preview is rendered.
  const [done] = await Promise.all([dev.rebuild(), dev.previewPage(newer, HOME)]);
  if (!done.ok) throw new Error(done.errors.map((e) => e.message).join('\n'));
  expect(html(done.files, '/index.html')).toContain('Zweiter Entwurf');
  expect(html(done.files, '/index.html')).not.toContain('Erster Entwurf');
  // …and the next rebuild (of the newer model) has nothing left to show.
  dev.useLoaded(newer);
  const next = await dev.rebuild();
  expect(next.ok && next.changed).toEqual([]);
  if (next.ok) expect(html(next.files, '/index.html')).toContain('Zweiter Entwurf');
});
