import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDev } from '../../../src/dev/dev-server.ts';
import type { SiteError } from '../../../src/errors/site-error.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';
import { until } from '../../support/until.ts';

/** `site dev` on a copy of a site with every page type in four languages (tests/fixtures/page-types). */
let site: FixtureSite;
let work: string;
let dev: RunningDev;
const reported: { routes: string[]; rendered: number }[] = [];
const errors: SiteError[][] = [];
/** Rebuilds that failed and held their errors back for the editor's next write. */
let holding = 0;

/** Server-sent events of the dev server, collected as they arrive. */
async function subscribe(): Promise<{ events: { event: string; data: unknown }[]; stop(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${dev.url}/__site/events`, { signal: controller.signal });
  const events: { event: string; data: unknown }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted by stop()
    }
  })();
  return { events, stop: () => controller.abort() };
}

/**
 * A change that names routes. On a loaded machine the watcher can report a write twice; the second
 * rebuild changes nothing and says so with an empty list, which may arrive while the next test listens.
 */
const isChange = (e: { event: string; data: unknown }) => e.event === 'change' && (e.data as { routes: string[] | '*' }).routes.length > 0;

beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE);
  work = site.root;
  dev = await site.startDev({
    report: {
      rebuilt: (routes, _ms, rendered) => reported.push({ routes, rendered }),
      errors: (e) => errors.push(e),
      holding: () => void holding++,
      checkError: () => {},
      storeError: () => {},
    },
  });
}, scaled(120_000));

afterAll(async () => {
  await site.remove();
});

describe('site dev', () => {
  it('serves every route from memory with the live-reload script, and unknown paths as the 404 page', async () => {
    const home = await fetch(`${dev.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-store');
    const html = await home.text();
    // Before the island loader: the live script notes the page's head before any island adds to it.
    const live = html.search(/<script type="module" src="\/__site\/live\.js\?build=[\w-]+"><\/script>/);
    expect(live).toBeGreaterThan(0);
    expect(html.indexOf('<script')).toBe(live);
    expect(html.indexOf('<script data-islands="/assets/')).toBeGreaterThan(live);
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    // The islands' props files the page names are served from memory too, as JSON.
    const props = [...html.matchAll(/ data-props-src="([^"]+)"/g)].map((m) => m[1]!);
    expect(props.length).toBeGreaterThan(0);
    for (const url of props) {
      const file = await fetch(`${dev.url}${url}`);
      expect(file.headers.get('content-type')).toContain('application/json');
      expect(await file.json()).toHaveProperty('strings');
    }
    expect((await fetch(`${dev.url}/fr`)).status).toBe(200);
    expect((await fetch(`${dev.url}/fr/`)).status).toBe(200);
    const missing = await fetch(`${dev.url}/gibt-es-nicht`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    const script = await fetch(`${dev.url}/__site/live.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    // The client is a string in live-reload.ts: only parsing it shows an escaping mistake.
    const file = path.join(work, 'live.mjs');
    await writeFile(file, await script.text());
    expect(spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' }).stderr).toBe('');
  });

  /** Edits a content file and waits for the change event `site dev` sends to open pages. */
  async function editAndAwaitChange(relative: string, edit: (text: string) => string): Promise<{ routes: string[] }> {
    const stream = await subscribe();
    try {
      const file = path.join(work, 'content', relative);
      await writeFile(file, edit(await readFile(file, 'utf8')));
      return (await until(() => stream.events.find(isChange), 20_000, 'a change event')).data as { routes: string[] };
    } finally {
      stream.stop();
    }
  }

  it('after a page edit, names only that page as changed, and serves the new text', async () => {
    // The page's first title gets a marker: whatever the copy says, the edit is one line of one page.
    const change = await editAndAwaitChange('pages/faq/de.yaml', (text) => text.replace(/title: (.+)/, 'title: $1 (Teständerung)'));
    expect(change).toMatchObject({ routes: ['/faq'] });
    // Only the edited page was rendered again: every other page kept its objects and its HTML.
    expect(reported.findLast((r) => r.routes.length)).toEqual({ routes: ['/faq'], rendered: 1 });
    expect(await (await fetch(`${dev.url}/faq`)).text()).toContain(' (Teständerung)');
  });

  it('after an edit of a translated page, renders that page alone: its translations read only its route and language', async () => {
    const change = await editAndAwaitChange('pages/home/fr.yaml', (text) => text.replace(/^ {4}title: (.+)$/m, '    title: $1 (modification de test)'));
    expect(change).toMatchObject({ routes: ['/fr'] });
    expect(reported.findLast((r) => r.routes.length)).toEqual({ routes: ['/fr'], rendered: 1 });
  });

  it("after a locale file edit, renders only that locale's pages", async () => {
    const change = await editAndAwaitChange('locales/fr.yaml', (text) => text.replace(/^skipToContent: .*$/m, 'skipToContent: Aller directement au contenu'));
    expect(change.routes.toSorted()).toEqual(['/fr', '/fr/education']);
    expect(reported.findLast((r) => r.routes.length)?.rendered).toBe(2);
    expect(await (await fetch(`${dev.url}/fr`)).text()).toContain('Aller directement au contenu');
  });

  it('shows a content error to open pages, keeps serving the last good build, and once fixed names the pages that differ from it', async () => {
    const stream = await subscribe();
    const file = path.join(work, 'content/pages/faq/de.yaml');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('header: back', 'header: bak'));
    const shown = await until(
      () => stream.events.find((e) => e.event === 'overlay' && (e.data as { overlay?: { blocking: boolean } }).overlay?.blocking),
      20_000,
      'a blocking overlay',
    );
    expect((shown.data as { overlay: { items: { where: string }[] } }).overlay.items[0]?.where).toMatch(/pages\/faq\/de\.yaml:\d+:\d+$/);
    // The content file as /admin names it, so the editor places the finding in the file it has open.
    expect((shown.data as { overlay: { items: { file?: string }[] } }).overlay.items[0]?.file).toBe('pages/faq/de.yaml');
    expect(errors.at(-1)?.[0]?.location?.path).toBe('header');
    expect((await fetch(`${dev.url}/faq`)).status).toBe(200);
    await writeFile(file, good.replace(' (Teständerung)', ' (zweite Teständerung)'));
    const change = await until(() => stream.events.find(isChange), 20_000, 'a change event');
    // Open pages show the last good build under the errors: only /faq differs from it, the rest drop the overlay.
    expect(change.data).toMatchObject({ routes: ['/faq'] });
    stream.stop();
  });

  it("does not show errors for a file caught half-written: the editor's next write comes within the grace period", async () => {
    const stream = await subscribe();
    const file = path.join(work, 'content/pages/faq/de.yaml');
    const good = await readFile(file, 'utf8');
    const before = errors.length;
    // As an editor that truncates first: the empty file is seen by a rebuild of its own, which holds its errors back.
    const held = holding;
    await writeFile(file, '');
    await until(() => holding > held, 20_000, 'the rebuild of the empty file to hold its errors');
    // Written synchronously, as an editor's own process writes: the dev server shares this test's process,
    // and an async write (truncate, then write, on the thread pool) could be read half-done by the rebuild
    // whose grace timer fires in the same turn on a starved machine — a race of the test, not of editors.
    writeFileSync(file, good.replace(' (zweite Teständerung)', ' (dritte Teständerung)'));
    const change = await until(() => stream.events.find(isChange), 20_000, 'a change event');
    expect(change.data).toMatchObject({ routes: ['/faq'] });
    expect(stream.events.filter((e) => e.event === 'overlay' && (e.data as { overlay?: { blocking: boolean } }).overlay?.blocking)).toEqual([]);
    expect(errors.length).toBe(before);
    stream.stop();
  });
});
