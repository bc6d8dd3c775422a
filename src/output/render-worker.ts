import { parentPort } from 'node:worker_threads';
import type { RenderedResult, RenderRequest, SharedSite } from './render-thread.ts';
import { loadRenderer, renderPage } from './site-render.ts';

/** The render thread's entry (render-thread.ts): the site once, then one page a message, rendered as the main thread would. */
const port = parentPort!;
let site: SharedSite | undefined;
// Loaded while the main thread clones the site: the first message waits for nothing but its own page.
const renderer = loadRenderer();
port.on('message', (message: SharedSite | RenderRequest) => {
  if (Array.isArray(message)) void answer(message);
  else site = message;
});

/** Renders one page and posts it back; a failure is posted too, so the main thread never waits on a lost page. */
async function answer([id, entry, socialImage]: RenderRequest): Promise<void> {
  try {
    await renderer;
    const page = renderPage(site!.model, entry, site!.code, { images: site!.images, ...(socialImage ? { socialImage } : {}) });
    const result: RenderedResult = {
      bytes: page.bytes,
      inline: page.inline,
      refs: page.refs,
      elements: page.elements,
      islandProps: Object.fromEntries(page.islandProps),
    };
    port.postMessage([id, result], [page.bytes.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage([id, undefined, error instanceof Error ? (error.stack ?? error.message) : String(error)]);
  }
}
