import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSources } from '../../../src/check/run.ts';
import { readTranslationStatus, type TranslationIssue } from '../../../src/check/translations/index.ts';
import { LOCK_FILE, loadTranslationLock } from '../../../src/check/translations/lock.ts';
import { translationPage } from '../../../src/check/translations/page.ts';
import { runCli } from '../../support/cli.ts';
import type { FixtureSite } from '../../support/fixture.ts';
import { translationsSite } from '../../support/translations-site.ts';

/**
 * `site translations` on a fixture site: tests/fixtures/check/base (German home page and UI strings, an "English"
 * locale file that ignores copy rules) with the English home page of tests/fixtures/translations, which leaves the
 * about section out (missing) and keeps one German title (untranslated).
 */

let site: FixtureSite;
let dir: string;
const HOME_DE = 'pages/home/de.yaml';
const HOME_EN = 'pages/home/en.yaml';

beforeEach(async () => {
  site = await translationsSite();
  dir = site.content;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await site.remove();
});

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(path.join(dir, file), 'utf8');
  expect(text).toContain(from);
  await writeFile(path.join(dir, file), text.replace(from, to));
}

async function lineOf(file: string, needle: string): Promise<number> {
  return (await readFile(path.join(dir, file), 'utf8')).split('\n').findIndex((line) => line.includes(needle)) + 1;
}

async function status() {
  const read = await readTranslationStatus(dir);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  return read.status;
}

const issue = (issues: readonly TranslationIssue[], state: string, key: string) => issues.find((i) => i.state === state && i.path === key);

const cli = (...args: string[]) => runCli('translations', '--content', dir, ...args);

describe('site translations', () => {
  it('reports a string the translation lacks as missing, where its section would be', async () => {
    const s = await status();
    const home = s.pages.find((p) => p.locale === 'en' && p.page === 'home')!;
    expect(home).toMatchObject({ file: HOME_EN, exists: true, missing: 2, untranslated: 1, stale: 0 });
    const missing = issue(s.issues, 'missing', 'sections(about).title')!;
    expect(missing).toMatchObject({ source: 'Über uns', location: { file: HOME_EN, line: await lineOf(HOME_EN, 'sections:'), column: 1 } });
    expect(issue(s.issues, 'missing', 'sections(about).body')?.source).toBe('Ein kleines Team aus Bayreuth.');
  });

  it('reports a string word for word the German one as untranslated, at its place', async () => {
    const s = await status();
    const untranslated = issue(s.issues, 'untranslated', 'sections(savings#1).title')!;
    expect(untranslated).toMatchObject({
      translation: 'Rechenbeispiel',
      location: { file: HOME_EN, line: await lineOf(HOME_EN, 'title: Rechenbeispiel'), column: 12 },
    });
    // A name from the glossary or a plan name the same in both languages is no untranslated string.
    expect(s.issues.filter((i) => i.state === 'untranslated')).toHaveLength(1);
  });

  it('lists pages without a translation file with every string missing', async () => {
    const faq = (await status()).pages.find((p) => p.locale === 'en' && p.page === 'faq')!;
    expect(faq).toMatchObject({ exists: false, file: 'pages/faq/en.yaml' });
    expect(faq.missing).toBe(faq.strings);
    expect(faq.strings).toBeGreaterThan(0);
  });

  it('tracks no staleness without a lock file, and none right after --accept', async () => {
    expect((await status()).tracked).toBe(false);
    const accepted = await cli('--accept', 'en');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toContain(`recorded en as translated in`);
    const s = await status();
    expect(s.tracked).toBe(true);
    expect(s.issues.filter((i) => i.state === 'stale')).toEqual([]);
    // Recording the same content again writes the same bytes.
    const lock = await readFile(path.join(dir, LOCK_FILE), 'utf8');
    await cli('--accept', 'en');
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(lock);
  });

  it('reports a translation as stale once its German source changes, and fresh again after --accept en:home', async () => {
    await cli('--accept', 'en');
    await edit(HOME_DE, 'title: Alle KI-Modelle an einem Ort', 'title: Alle führenden KI-Modelle an einem Ort');
    const s = await status();
    const stale = s.issues.filter((i) => i.state === 'stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({
      path: 'sections(hero#1).title',
      locale: 'en',
      page: 'home',
      source: 'Alle führenden KI-Modelle an einem Ort',
      translation: 'Every AI model in one place',
      recorded: true,
      location: { file: HOME_EN, line: await lineOf(HOME_EN, 'title: Every AI model'), column: 12 },
    });
    // Reordering sections or changing a figure's constant stales nothing: the key is the section's id or type, the hash the text as written.
    // Accepting another page leaves this one stale; accepting it clears it.
    expect((await cli('--accept', 'en:ui')).code).toBe(0);
    expect((await status()).issues.filter((i) => i.state === 'stale')).toHaveLength(1);
    expect((await cli('--accept', 'en:home')).code).toBe(0);
    expect((await status()).issues.filter((i) => i.state === 'stale')).toEqual([]);
  });

  it('counts a string translated after the last --accept as stale (never recorded)', async () => {
    await cli('--accept', 'en');
    await edit(HOME_EN, '  - type: contact', '  - type: about\n    id: about\n    title: About us\n    body: [A small team from Bayreuth.]\n  - type: contact');
    const stale = (await status()).issues.filter((i) => i.state === 'stale');
    expect(stale.map((i) => [i.path, i.recorded])).toEqual([
      ['sections(about).title', false],
      ['sections(about).body', false],
    ]);
  });

  it('prints a table and JSON; refuses an unknown --accept target with exit 2', async () => {
    const table = await cli();
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/^en +home +pages\/home\/en\.yaml +\d+ +2 +1 +– *$/m);
    expect(table.out).toContain(
      `${path.relative(process.cwd(), path.join(dir, HOME_EN))}:${await lineOf(HOME_EN, 'title: Rechenbeispiel')}:12 untranslated  sections(savings#1).title`,
    );
    const json = JSON.parse((await cli('--json')).out) as { issues: TranslationIssue[] };
    expect(issue(json.issues, 'untranslated', 'sections(savings#1).title')?.location.file).toBe(HOME_EN);
    const bad = await cli('--accept', 'en:nowhere');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--accept en:nowhere: expected a translated locale (en)');
  });
});

describe('translation lock errors and site check', () => {
  it('reports a malformed lock entry with file, line, column and message', async () => {
    await writeFile(path.join(dir, LOCK_FILE), `${HOME_EN}:\n  "meta.title": "xyz"\n`);
    const lock = await loadTranslationLock(dir);
    expect(lock.errors).toHaveLength(1);
    expect(lock.errors[0]!.location).toMatchObject({ file: LOCK_FILE, line: 2, column: 17, path: `["${HOME_EN}"]["meta.title"]` });
    expect(lock.errors[0]!.message).toContain('expected a 12-digit hex hash written by `site translations --accept`');
    const read = await readTranslationStatus(dir);
    expect(read.ok).toBe(false);
  });

  it('reports a translation flag that is neither required nor optional at its place', async () => {
    await edit(HOME_DE, 'slug: ""', 'translation: always\nslug: ""');
    const read = await readTranslationStatus(dir);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((e) => [e.location?.file, e.location?.line, e.location?.column, e.location?.path])).toEqual([
      [HOME_DE, await lineOf(HOME_DE, 'translation: always'), 14, 'translation'],
    ]);
    expect(read.errors[0]!.message).toMatch(/required|optional/);
  });

  it('reports a lock file that is no YAML with its position', async () => {
    await writeFile(path.join(dir, LOCK_FILE), `${HOME_EN}:\n  "meta.title": "abc\n`);
    const lock = await loadTranslationLock(dir);
    expect(lock.errors[0]!.location).toMatchObject({ file: LOCK_FILE, line: 2 });
    expect(lock.errors[0]!.location?.column).toBeGreaterThan(0);
  });

  it('a stale string of a page marked translation: required is a warning, and an error with --strict', async () => {
    await cli('--accept', 'en');
    await edit(HOME_DE, 'slug: ""', 'translation: required\nslug: ""');
    expect((await checkSources({ contentDir: dir })).findings.filter((f) => f.code.startsWith('translation-'))).toEqual([]);
    await edit(HOME_DE, 'title: Warum wir', 'title: Warum gerade wir');
    const normal = (await checkSources({ contentDir: dir })).findings.filter((f) => f.code === 'translation-stale');
    expect(normal).toHaveLength(1);
    expect(normal[0]).toMatchObject({
      severity: 'warning',
      message: 'the de source of this string changed after it was translated',
      location: { file: HOME_EN, line: await lineOf(HOME_EN, 'title: Why us'), column: 12 },
      hint: expect.stringContaining('site translations --accept en:home'),
    });
    const strict = (await checkSources({ contentDir: dir, strict: true })).findings.filter((f) => f.code === 'translation-stale');
    expect(strict.map((f) => f.severity)).toEqual(['error']);
  });

  it('a stale string of a page not marked required is no finding', async () => {
    await cli('--accept', 'en');
    await edit(HOME_DE, 'title: Warum wir', 'title: Warum gerade wir');
    expect((await checkSources({ contentDir: dir, strict: true })).findings.filter((f) => f.code === 'translation-stale')).toEqual([]);
  });
});

describe('translation status page', () => {
  it('is noindex and lists each open string with its state, place and texts', async () => {
    await cli('--accept', 'en');
    await edit(HOME_DE, 'title: Warum wir', 'title: Warum gerade wir');
    const { html, css } = translationPage(await status());
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<link rel="stylesheet" href="/_translations/status.css">');
    expect(html).not.toMatch(/<style|style=|<script/);
    expect(html).toMatch(
      /<span class="state stale">stale<\/span><\/td><td data-label="Locale · page">en · home<\/td><td data-label="Where"><code>pages\/home\/en\.yaml:\d+:12<\/code><br><code>sections\(ki-zentrale-plattform\)\.title<\/code><\/td><td data-label="Source"><q>Warum gerade wir<\/q><\/td><td data-label="Translation"><q>Why us<\/q><\/td>/,
    );
    expect(css).toContain('.stale{');
  });
});
