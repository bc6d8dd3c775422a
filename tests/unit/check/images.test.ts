/**
 * `site check`'s image rules and the image field's content errors, one content fixture per failure mode
 * (tests/fixtures/content/image-*): file, line, column and message of each.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/run.ts';
import type { Finding } from '../../../src/check/finding.ts';
import { loadContent } from '../../../src/content/load.ts';
import { loadFixture, lineOf } from '../../support/fixture.ts';

const PAGE = 'pages/home/de.yaml';
const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

async function fixture(name: string): Promise<string> {
  const dir = (await loadFixture(`content/${name}`)).content;
  made.push(dir);
  return dir;
}

const imageFindings = (findings: readonly Finding[]) => findings.filter((f) => f.code.startsWith('image-') || f.location?.path?.includes('.image'));

describe('image content errors', () => {
  it('missing alt, alt on a decorative image, a path out of the content folder and a focus without a crop: all at once, each at its key', async () => {
    const dir = await fixture('image-schema');
    const result = await loadContent(dir);
    if (result.ok) throw new Error('image-schema loads without errors');
    const hero = await lineOf(dir, PAGE, 'image: { src: images/team.png }');
    const plans = await lineOf(dir, PAGE, 'decorative: true, alt: Das Team');
    const contact = await lineOf(dir, PAGE, 'src: ../geheim.png');
    expect(result.errors.map((e) => [e.location, e.message])).toEqual([
      [
        { file: PAGE, line: hero, column: 5, path: 'sections[0].image.alt' },
        'missing alt: describe what the image shows for visitors who cannot see it, or set decorative: true',
      ],
      [
        { file: PAGE, line: plans, column: 59, path: 'sections[1].image.alt' },
        'a decorative image has no alt text: remove alt, or remove decorative: true if the image carries meaning',
      ],
      [
        { file: PAGE, line: contact, column: 19, path: 'sections[2].image.src' },
        'expected a path inside the content folder to a png/jpg/jpeg/webp/avif file, e.g. "images/team.jpg" (no leading /, no ..)',
      ],
      [
        { file: PAGE, line: contact, column: 52, path: 'sections[2].image.focus' },
        'focus only applies when aspect crops the image: add aspect (e.g. "16:9") or remove focus',
      ],
    ]);
  });

  it('site check reports the same errors (missing alt among them) and builds nothing', async () => {
    const run = await runCheck({ contentDir: await fixture('image-schema') });
    expect(imageFindings(run.findings).map((f) => [f.severity, f.location?.path])).toEqual([
      ['error', 'sections[0].image.alt'],
      ['error', 'sections[1].image.alt'],
      ['error', 'sections[2].image.src'],
      ['error', 'sections[2].image.focus'],
    ]);
    expect(run.routes).toBe(0);
  });
});

describe('image check rules', () => {
  it('image-missing: a file that does not exist, at its src; the build fails with the same error', async () => {
    const dir = await fixture('image-missing');
    const run = await runCheck({ contentDir: dir });
    const line = await lineOf(dir, PAGE, 'images/fehlt.png');
    expect(imageFindings(run.findings)).toEqual([
      {
        code: 'image-missing',
        severity: 'error',
        message: "image file 'images/fehlt.png' does not exist",
        location: { file: PAGE, line, column: 19, path: 'sections[0].image.src' },
        hint: 'the path is relative to the content folder, e.g. images/team.jpg; check its spelling and that the file is committed',
      },
    ]);
    expect(run.routes).toBe(0);
  });

  it('image-oversize: a source more than twice as wide as the widest slot it fills (a warning)', async () => {
    const dir = await fixture('image-oversize');
    const run = await runCheck({ contentDir: dir });
    const found = imageFindings(run.findings);
    expect(found).toEqual([
      expect.objectContaining({
        code: 'image-oversize',
        severity: 'warning',
        message: "image 'images/breit.png' is 2400 px wide, more than twice the widest it is shown (1024 px)",
        location: { file: PAGE, line: await lineOf(dir, PAGE, 'images/breit.png'), column: 19, path: 'sections[0].image.src' },
        expected: 'at most 2048 px wide (2× for high-density screens)',
        found: '2400 px',
      }),
    ]);
    // The build still works: it never makes a candidate wider than the slot needs.
    expect(run.routes).toBe(1);
  });

  it('image-budget: the heaviest candidate over budgets.image in check.yaml, naming the file and its size', async () => {
    const dir = await fixture('image-budget');
    const run = await runCheck({ contentDir: dir });
    const [f, ...rest] = imageFindings(run.findings);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      code: 'image-budget',
      severity: 'error',
      location: { file: PAGE, line: await lineOf(dir, PAGE, 'images/klein.png'), column: 19, path: 'sections[0].image.src' },
    });
    expect(f!.message).toMatch(/^image 'images\/klein\.png' is served as up to \d+\.\d KB, over the image budget of 1\.0 KB$/);
    expect(f!.element).toMatch(/^\/assets\/images\/klein-\w{10}-\d+\.(jpg|webp|avif)$/);
    expect(f!.found).toMatch(/^\d+\.\d KB \(\d+ bytes\)$/);
  });

  it('a site whose images are fine has no image findings and no html-validate complaint about <picture>', async () => {
    const run = await runCheck({ contentDir: await fixture('images') });
    expect(imageFindings(run.findings)).toEqual([]);
    expect(run.findings.filter((f) => f.code === 'html-valid' || f.code === 'img-alt')).toEqual([]);
    expect(run.routes).toBe(1);
  });
});
