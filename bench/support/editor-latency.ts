/**
 * The /admin editor's keystroke-to-preview latency: `site dev` on a copy of the real content, /admin open on
 * the French home page in Chromium, one key pressed in the hero title, and the time from the key's event to
 * the animation frame in which the preview frame's heading shows it. Each run is split into phases from the
 * browsers' resource timings (no code of the editor is instrumented, so an older checkout measures alike).
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startSiteDev } from './site-dev.ts';

/** One keystroke, in ms from the key's event (browser clock = this machine's clock). */
export interface PreviewTiming {
  /** The preview frame painted the heading with the new letter. */
  paint: number;
  /** The editor sent the unsaved edit to the server (the form's own work before it). */
  sent: number;
  /** The server answered it (edit, validation and, now, the edited page rendered). */
  answered: number;
  /** The preview frame began fetching its new page (the rebuild and the live event came before); NaN when it fetched none. */
  fetched: number;
  /** The page's bytes had arrived (what is left is parsing, swapping and painting); NaN when it fetched none. */
  arrived: number;
  /** Pages the dev server rendered for this keystroke. */
  rendered: number;
}

export interface EditorSession {
  /** Presses one more letter; resolves when the preview painted it. */
  keystroke(letter: string): Promise<PreviewTiming>;
  /** What `site dev` printed so far. */
  output(): string;
  close(): Promise<void>;
}

const FILE = 'pages/home/fr.yaml';
const FIELD = '#root_sections_0_title';
const START = 'Titre mesuré ';

/** `site dev` of the checkout at `checkout` (its own bin/site.js and code), editing a copy of this repo's content. */
export async function openEditor(browser: Browser, checkout: string, content: string): Promise<EditorSession> {
  const dev = await startSiteDev(path.join(checkout, 'bin/site.js'), content);
  const close = () => dev.stop();
  try {
    const url = dev.url;
    const context = await browser.newContext();
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url }]);
    const page = await context.newPage();
    // The preview frame must listen to the live events before the first edit, as an author's would have.
    const listening = page.waitForResponse((response) => response.url().endsWith('/__site/events'), { timeout: 60_000 });
    await page.goto(`${url}/admin#${FILE}`);
    await listening;
    const field = page.locator(FIELD);
    await field.waitFor({ timeout: 60_000 });
    await page.evaluate("document.addEventListener('keydown', (e) => (window.keyAt = performance.timeOrigin + e.timeStamp), true)");
    let typed = START;
    await field.fill(typed);
    await previewShows(page, typed, 60_000);
    const session: EditorSession = {
      async keystroke(letter) {
        await page.waitForTimeout(300);
        const rebuildsBefore = rebuildLines(dev.output()).length;
        typed += letter;
        const painted = previewShows(page, typed, 20_000);
        await field.press(letter);
        const paintAt = await painted;
        const phases = (await page.evaluate(PHASES)) as Record<'keyAt' | 'sent' | 'answered' | 'fetched' | 'arrived', number>;
        const rendered = rebuildLines(dev.output())
          .slice(rebuildsBefore)
          .reduce((sum, line) => sum + Number(/\((\d+) rendered\)/.exec(line)?.[1] ?? 0), 0);
        const from = (t: number) => t - phases.keyAt;
        return {
          paint: from(paintAt),
          sent: from(phases.sent),
          answered: from(phases.answered),
          fetched: from(phases.fetched),
          arrived: from(phases.arrived),
          rendered,
        };
      },
      output: () => dev.output(),
      close,
    };
    return session;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The latest editor request and preview page fetch from both documents' resource timings, on the epoch clock.
 * A string, not a function: the bench runs through tsx, whose helper names would not exist in the page.
 */
const PHASES = `(() => {
  const last = (entries) => entries[entries.length - 1];
  const post = last(performance.getEntriesByType('resource').filter((e) => /\\/__site\\/editor\\/api\\/(draft|preview)$/.test(e.name)));
  const frame = document.querySelector('iframe').contentWindow;
  // The page fetched by the frame's live reload after this key, if any (the editor now sends the page with its answer).
  const fetched = last(frame.performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'fetch' && !e.name.includes('/__site/') && frame.performance.timeOrigin + e.startTime > window.keyAt));
  const abs = (t, origin) => (t === undefined ? NaN : origin + t);
  return {
    keyAt: window.keyAt,
    sent: abs(post?.startTime, performance.timeOrigin),
    answered: abs(post?.responseEnd, performance.timeOrigin),
    fetched: abs(fetched?.startTime, frame.performance.timeOrigin),
    arrived: abs(fetched?.responseEnd, frame.performance.timeOrigin),
  };
})()`;

const rebuildLines = (out: string) => out.match(/^(updated .*|no page changed) \(\d+ rendered\) in \d+ ms$/gm) ?? [];

/** The moment (ms since the epoch) of the preview frame's first animation frame whose heading ends with `text`. */
async function previewShows(page: Page, text: string, timeout: number): Promise<number> {
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  const handle = await frame.waitForFunction(
    (expected) =>
      (document.querySelector('h1')?.textContent ?? '')
        .replace(/\u00ad/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .includes(expected.trim())
        ? performance.timeOrigin + performance.now()
        : false,
    text,
    { polling: 'raf', timeout },
  );
  return Number(await handle.jsonValue());
}
