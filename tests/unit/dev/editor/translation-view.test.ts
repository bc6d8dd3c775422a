import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptTranslations, readTranslationStatus } from '../../../../src/check/translations/index.ts';
import { writeTranslationLock } from '../../../../src/check/translations/lock.ts';
import { translationView } from '../../../../src/dev/editor/translation-view.ts';
import type { FixtureSite } from '../../../support/fixture.ts';
import { translationsSite } from '../../../support/translations-site.ts';

/**
 * The editor's translation marks come from `site translations`' own status code: on the fixture site whose English
 * home page lacks the about section and keeps one German title, recorded as translated, then the German hero
 * title changed.
 */

const HOME_DE = 'pages/home/de.yaml';
const HOME_EN = 'pages/home/en.yaml';
let site: FixtureSite;
let dir: string;

beforeEach(async () => {
  site = await translationsSite();
  dir = site.content;
  const read = await readTranslationStatus(dir);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('\n'));
  await writeTranslationLock(dir, acceptTranslations(read.input, [{ locale: 'en' }]));
});
afterEach(() => site.remove());

const text = (file: string) => readFile(path.join(dir, file), 'utf8');
const view = async (german: string, english?: string) =>
  translationView(dir, { relative: HOME_EN, text: english ?? (await text(HOME_EN)) }, { relative: HOME_DE, text: german }, 'en', 'de');

describe('translationView', () => {
  it('marks what site translations reports for the file, each at its field', async () => {
    const german = (await text(HOME_DE)).replace('title: Alle KI-Modelle an einem Ort', 'title: Alle führenden KI-Modelle an einem Ort');
    const shown = await view(german);
    expect(shown).toMatchObject({ tracked: true, accept: 'en:home' });
    expect(shown!.marks).toEqual([
      { state: 'stale', path: ['sections', 0, 'title'], key: 'sections(hero#1).title', source: 'Alle führenden KI-Modelle an einem Ort', recorded: true },
      { state: 'untranslated', path: ['sections', 3, 'title'], key: 'sections(savings#1).title', source: 'Rechenbeispiel' },
      // The English file has no about section: no field to mark.
      { state: 'missing', key: 'sections(about).title', source: 'Über uns' },
      { state: 'missing', key: 'sections(about).body', source: 'Ein kleines Team aus Bayreuth.' },
    ]);

    // The same status as `site translations` once the edit is on disk: one implementation.
    await writeFile(path.join(dir, HOME_DE), german);
    const read = await readTranslationStatus(dir);
    const reported = read.ok ? read.status.issues.filter((i) => i.file === HOME_EN).map((i) => `${i.state} ${i.path}`) : [];
    expect(shown!.marks.map((m) => `${m.state} ${m.key}`).sort()).toEqual(reported.sort());
  });

  it('marks a missing string at its field when the section is there, and follows unsaved text', async () => {
    const english = (await text(HOME_EN)).replace('    title: Why us\n', '');
    const shown = await view(await text(HOME_DE), english);
    expect(shown!.marks.find((m) => m.key === 'sections(ki-zentrale-plattform).title')).toEqual({
      state: 'missing',
      path: ['sections', 1, 'title'],
      key: 'sections(ki-zentrale-plattform).title',
      source: 'Warum wir',
    });
    // A whole list of plain strings is one unit, marked at the list.
    const body = await view((await text(HOME_DE)).replace('features: [Modellwahl]', 'features: [Modellwahl, Vorrang-Support]'));
    expect(body!.marks.filter((m) => m.state === 'stale')).toEqual([
      {
        state: 'stale',
        path: ['sections', 2, 'plans', 1, 'features'],
        key: 'sections(pricing).plans[1].features',
        source: 'Modellwahl\nVorrang-Support',
        recorded: true,
      },
    ]);
  });

  it('marks each string of a file never accepted, which site translations sums up in one line', async () => {
    const lock = await text('translations.lock.yaml');
    await writeFile(path.join(dir, 'translations.lock.yaml'), lock.replace(/^pages\/home\/en\.yaml:\n(?: {2}.*\n)+/m, ''));
    const shown = await view(await text(HOME_DE));
    const unrecorded = shown!.marks.filter((m) => m.state === 'stale');
    expect(unrecorded.length).toBeGreaterThan(5);
    expect(unrecorded.every((m) => m.recorded === false)).toBe(true);
    const read = await readTranslationStatus(dir);
    expect(read.ok && read.status.issues.filter((i) => i.file === HOME_EN && i.state === 'stale')).toEqual([]);
    expect(read.ok && read.status.pages.find((p) => p.file === HOME_EN)).toMatchObject({ recorded: false, stale: unrecorded.length });
  });
});
