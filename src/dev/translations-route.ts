import type { IncomingMessage, ServerResponse } from 'node:http';
import { readTranslationStatus } from '../check/translations/index.ts';
import { TRANSLATIONS_PATH, translationPageFiles } from '../check/translations/page.ts';
import type { ContentEnv } from '../content/load.ts';
import type { RouteHandler } from '../server/server.ts';
import { contentTypeOf } from '../server/static.ts';

/**
 * `site dev` answers the translation status page (/_translations/) from the content as it is on disk at the
 * request: a reload after an edit shows the new status. Content errors fall through to the dev server's
 * error page.
 */
export function translationsRoute(contentDir: string, env: ContentEnv): RouteHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let url = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (`${url}/` === TRANSLATIONS_PATH) url = TRANSLATIONS_PATH;
    if (!url.startsWith(TRANSLATIONS_PATH)) return false;
    const read = await readTranslationStatus(contentDir, env);
    if (!read.ok) return false;
    const files = translationPageFiles(read.status);
    const body = files.get(url.endsWith('/') ? `${url}index.html` : url);
    if (body === undefined) return false;
    const bytes = Buffer.from(body);
    res.writeHead(200, {
      'content-type': contentTypeOf(url.endsWith('/') ? 'index.html' : url),
      'cache-control': 'no-store',
      'content-length': bytes.byteLength,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return true;
  };
}
