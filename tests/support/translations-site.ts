import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

/**
 * A content folder for the translation status: the small fixture site (tests/fixtures/check/base) with the English
 * home page of tests/fixtures/translations, which leaves the about section out (missing) and keeps one German
 * title (untranslated), and its glossary. Returns the folder; the caller removes it.
 */
export async function translationsSite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-translations-'));
  await cp(path.join(fixtures, 'check/base'), dir, { recursive: true });
  await cp(path.join(fixtures, 'translations'), dir, { recursive: true });
  return dir;
}
