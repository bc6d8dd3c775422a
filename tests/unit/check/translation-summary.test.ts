/**
 * Translation status that helps (issue #38 item 4), on the fixture site of translations.test.ts
 * (tests/fixtures/check/base + tests/fixtures/translations) and the Italian of tests/fixtures/add-language:
 * German-only families are not missing, a new language is one line per file until it is first accepted,
 * the status page's totals are its rows' sums, and the language check judges Italian or says it cannot.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSources } from '../../../src/check/run.ts';
import { readTranslationStatus } from '../../../src/check/translations/index.ts';
import { translationPage } from '../../../src/check/translations/page.ts';
import { FIXTURES, type FixtureSite } from '../../support/fixture.ts';
import { runCli } from '../../support/cli.ts';
import { translationsSite } from '../../support/translations-site.ts';

let site: FixtureSite;
let dir: string;

beforeEach(async () => {
  site = await translationsSite();
  dir = site.content;
});
afterEach(async () => {
  await site.remove();
});

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(path.join(dir, file), 'utf8');
  expect(text).toContain(from);
  await writeFile(path.join(dir, file), text.replace(from, to));
}

/** README "Add a language" on the fixture: the site.yaml entry, and the locale file and home page (copied as `code`). */
async function addLanguage(code: string): Promise<void> {
  await edit(
    'site.yaml',
    '  - { code: en, lang: en, hreflang: en }\n',
    `  - { code: en, lang: en, hreflang: en }\n  - { code: ${code}, lang: ${code}, hreflang: ${code} }\n`,
  );
  await cp(path.join(FIXTURES, 'add-language/locales/it.yaml'), path.join(dir, `locales/${code}.yaml`));
  await mkdir(path.join(dir, 'pages/home'), { recursive: true });
  await cp(path.join(FIXTURES, 'add-language/pages/home/it.yaml'), path.join(dir, `pages/home/${code}.yaml`));
}

async function status() {
  const read = await readTranslationStatus(dir);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  return read.status;
}

const cli = (...args: string[]) => runCli('translations', '--content', dir, ...args);

describe('families declared for fewer languages', () => {
  it('a family check.yaml keeps to German is no missing page in English, and is counted as left out', async () => {
    const before = await status();
    expect(before.pages.filter((p) => p.locale === 'en' && !p.exists).map((p) => p.page)).toEqual(['agb', 'datenschutz', 'faq', 'impressum']);
    await writeFile(
      path.join(dir, 'check.yaml'),
      `${await readFile(path.join(dir, 'check.yaml'), 'utf8')}families:\n  agb: [de]\n  datenschutz: [de]\n  faq: [de]\n  impressum: [de]\n`,
    );
    const after = await status();
    expect(after.pages.filter((p) => !p.exists)).toEqual([]);
    expect(after.notPlanned).toEqual(['agb', 'datenschutz', 'faq', 'impressum'].map((page) => ({ locale: 'en', page })));
    const table = await cli();
    expect(table.out).not.toContain('(no file)');
    expect(table.out).toMatch(/pages without a translation file: 0; 4 left out by check\.yaml families/);
  });
});

describe('a new language', () => {
  beforeEach(async () => {
    await addLanguage('it');
    await edit('pages/home/de.yaml', 'slug: ""', 'translation: required\nslug: ""');
    expect((await cli('--accept', 'en')).code).toBe(0);
  });

  it('is one line per file until its first --accept, not one per string', async () => {
    const s = await status();
    const italian = s.pages.filter((p) => p.locale === 'it');
    expect(italian.every((p) => !p.recorded)).toBe(true);
    expect(
      italian
        .filter((p) => p.stale > 0)
        .map((p) => p.page)
        .sort(),
    ).toEqual(['home', 'ui']);
    expect(s.issues.filter((i) => i.locale === 'it' && i.state === 'stale')).toEqual([]);
    const table = (await cli()).out;
    const lines = table.split('\n').filter((line) => line.includes('never recorded:'));
    expect(lines.map((line) => line.replace(/^.*?(locales|pages)\//, '$1/'))).toEqual(
      [
        `locales/it.yaml never recorded: ${italian.find((p) => p.page === 'ui')!.stale} strings; check them, then \`site translations --accept it:ui\``,
        `pages/home/it.yaml never recorded: ${italian.find((p) => p.page === 'home')!.stale} strings; check them, then \`site translations --accept it:home\``,
      ].sort(),
    );
    expect(table.split('\n').length).toBeLessThan(80);

    // site check: one finding per file of the required page and the UI strings, not one per string.
    const stale = (await checkSources({ contentDir: dir })).findings.filter((f) => f.code === 'translation-stale');
    expect(stale.map((f) => [f.location?.file, f.severity])).toEqual([
      ['locales/it.yaml', 'warning'],
      ['pages/home/it.yaml', 'warning'],
    ]);
    expect(stale[1]!.message).toBe(
      `${italian.find((p) => p.page === 'home')!.stale} strings of this file were never recorded as translated from the de source`,
    );
    expect(stale[1]!.hint).toContain('site translations --accept it:home');
  });

  it('is listed string by string once accepted, for what changes after', async () => {
    expect((await cli('--accept', 'it')).code).toBe(0);
    await edit('pages/home/de.yaml', 'title: Warum wir', 'title: Warum gerade wir');
    const s = await status();
    expect(s.pages.filter((p) => p.locale === 'it' && p.exists).every((p) => p.recorded)).toBe(true);
    expect(s.issues.filter((i) => i.locale === 'it' && i.state === 'stale').map((i) => i.path)).toEqual(['sections(ki-zentrale-plattform).title']);
  });

  it('the status page: its totals are the sums of its rows, and never-recorded files are one line each', async () => {
    const s = await status();
    const { html } = translationPage(s);
    const cells = [...html.matchAll(/<td class="n" data-label="(Missing|Untranslated|Stale)">(\d+)<\/td>/g)];
    const sum = (label: string) => cells.filter((c) => c[1] === label).reduce((n, c) => n + Number(c[2]), 0);
    const summary = /(\d+) missing, (\d+) untranslated, (\d+) stale/.exec(html)!;
    expect(summary.slice(1).map(Number)).toEqual([sum('Missing'), sum('Untranslated'), sum('Stale')]);
    // The pages without a file count their strings as missing: the summary says so in the same figure.
    expect(sum('Missing')).toBeGreaterThan(s.issues.filter((i) => i.state === 'missing').length);
    expect([...html.matchAll(/<li><code>([^<]+)<\/code>: \d+ strings never recorded/g)].map((m) => m[1])).toEqual(['locales/it.yaml', 'pages/home/it.yaml']);
  });
});

describe('the language check', () => {
  it('judges Italian: an English sentence on the Italian home page is reported', async () => {
    await addLanguage('it');
    const clean = (await checkSources({ contentDir: dir })).findings.filter((f) => f.code === 'copy-language' && f.location?.file.endsWith('it.yaml'));
    expect(clean).toEqual([]);
    await edit(
      'pages/home/it.yaml',
      'title: Tutti i modelli di IA in un unico posto',
      'title: All the AI models you need are in one place, and this is the one for you',
    );
    const found = (await checkSources({ contentDir: dir })).findings.filter((f) => f.code === 'copy-language' && f.location?.file === 'pages/home/it.yaml');
    expect(found.map((f) => f.message)).toEqual(['a sentence on an Italian page reads as English']);
  });

  it('says it cannot judge a language without a stop-word list, once per locale', async () => {
    await addLanguage('nl');
    const found = (await checkSources({ contentDir: dir })).findings.filter((f) => f.code === 'copy-language' && f.location?.file.includes('nl'));
    expect(found.map((f) => [f.severity, f.location?.file, f.message])).toEqual([
      ['warning', 'locales/nl.yaml', "the language of 'nl' pages cannot be judged: there is no stop-word list for 'nl'"],
    ]);
  });
});
