/**
 * The local backend (site serve, site dev) takes a request's language from the content it serves, not from the
 * module generated for the deployed function: a language added while site dev runs is accepted by its contact form
 * at once, with no build or restart in between.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import { openLocalBackend, type LocalBackend } from '../../../src/server/local-backend.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';

let site: FixtureSite;
let backend: LocalBackend;
let server: RunningServer;
beforeAll(async () => {
  site = await loadFixture(BASE_SITE);
  backend = await openLocalBackend({
    dataDir: path.join(site.root, 'data'),
    contentDir: site.content,
    rateLimit: { limit: 100, windowSeconds: 60 },
    onStoreError: (error) => {
      throw error;
    },
  });
  server = await startServer({ root: site.root, port: 0, host: '127.0.0.1', handlers: backend.handlers });
});
afterAll(async () => {
  await server?.close();
  await backend?.close();
  await site?.remove();
});

const send = (locale: string) =>
  fetch(`${server.url}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': locale, origin: server.url },
    body: JSON.stringify({
      name: 'Lucia',
      email: 'lucia@example.it',
      company: 'Rossi',
      products: 'platform',
      subject: 'Demo',
      message: 'Buongiorno',
      privacy_consent: true,
    }),
  });

it('accepts a language as soon as site.yaml lists it, and names the listed ones before', async () => {
  const before = await send('it');
  expect(before.status).toBe(400);
  expect(await before.json()).toEqual({ error: 'the x-site-locale header must be one of de, en' });
  const file = path.join(site.content, 'site.yaml');
  const text = await readFile(file, 'utf8');
  const en = '  - { code: en, lang: en, hreflang: en }\n';
  expect(text).toContain(en);
  await writeFile(file, text.replace(en, `${en}  - { code: it, lang: it, hreflang: it }\n`));
  const after = await send('it');
  expect(after.status).toBe(200);
  expect(await after.json()).toEqual({ id: expect.any(String) });
});
