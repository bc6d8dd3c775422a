import { cp } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES, loadFixture, type FixtureSite } from './fixture.ts';

/**
 * A site for the translation status: the small fixture site (tests/fixtures/check/base) with the English home
 * page of tests/fixtures/translations, which leaves the about section out (missing) and keeps one German title
 * (untranslated), and its glossary. The caller removes it (`remove()`).
 */
export async function translationsSite(): Promise<FixtureSite> {
  const site = await loadFixture('check/base');
  await cp(path.join(FIXTURES, 'translations'), site.content, { recursive: true });
  return site;
}
