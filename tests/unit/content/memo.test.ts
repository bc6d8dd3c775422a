import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import { ContentMemo } from '../../../src/content/memo.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  site = await loadFixture(BASE_SITE);
  dir = site.content;
});
afterAll(() => site.remove());

async function load(memo: ContentMemo, env = {}): Promise<SiteModel> {
  const result = await loadContent(dir, env, memo);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.value;
}
const byRoute = (model: SiteModel) => new Map(model.pages.map((p) => [p.route, p]));

describe('content memo', () => {
  it('gives back the same objects for unchanged files, new ones for the edited file and what depends on it', async () => {
    const memo = new ContentMemo();
    const first = await load(memo);
    const same = await load(memo);
    expect(same.site).toBe(first.site);
    expect(same.locales.en).toBe(first.locales.en);
    for (const [route, entry] of byRoute(same)) expect(entry, route).toBe(byRoute(first).get(route));

    const faq = path.join(dir, 'pages/faq/de.yaml');
    // The page's first title gets a marker: whatever the copy says, the edit is one line of one page.
    await writeFile(faq, (await readFile(faq, 'utf8')).replace(/title: (.+)/, 'title: $1 (geändert)'));
    const edited = await load(memo);
    const changed = [...byRoute(edited)].filter(([route, entry]) => entry !== byRoute(same).get(route)).map(([route]) => route);
    expect(changed).toEqual(['/faq']);
    expect(edited.locales.de).toBe(same.locales.de);

    // site.yaml and the environment feed every file: all of them are read again.
    const rebased = await load(memo, { SITE_URL: 'https://example.org' });
    expect(rebased.site).not.toBe(edited.site);
    expect(rebased.site.baseUrl).toBe('https://example.org');
    expect(rebased.pages.every((entry) => entry !== byRoute(edited).get(entry.route))).toBe(true);
  });

  it('never remembers a file with errors: the error is reported on every load until it is fixed', async () => {
    const memo = new ContentMemo();
    const agb = path.join(dir, 'pages/agb/de.yaml');
    const good = await readFile(agb, 'utf8');
    await writeFile(agb, `${good}\nunknownKey: 1\n`);
    for (let i = 0; i < 2; i++) {
      const result = await loadContent(dir, {}, memo);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.map((e) => e.location?.file)).toContain('pages/agb/de.yaml');
    }
    await writeFile(agb, good);
    expect((await loadContent(dir, {}, memo)).ok).toBe(true);
  });
});
