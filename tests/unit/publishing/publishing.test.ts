import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/run.ts';
import { loadContent } from '../../../src/content/load.ts';
import { parseMoment } from '../../../src/content/moment.ts';
import { publishedModel, withheldAt } from '../../../src/content/publishing.ts';
import { buildSite } from '../../../src/output/build.ts';
import { formatMoment } from '../../../src/render/PreviewLabel.tsx';
import { loadFixture, type SiteEdit } from '../../support/fixture.ts';

const FAQ = 'pages/faq/de.yaml';
const schedule = (key: string, value: string): SiteEdit => ({ file: FAQ, find: 'header: back', replace: `${key}: ${value}\nheader: back` });
const before = new Date('2026-11-30T23:00:00Z');
const after = new Date('2026-12-01T08:00:00Z');

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function site(edits: SiteEdit[], files?: Record<string, string>) {
  const s = await loadFixture('check/base', { edits, files });
  cleanups.push(s.remove);
  return s;
}

async function model(edits: SiteEdit[]) {
  const loaded = await loadContent((await site(edits)).content);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return loaded.value;
}

describe('publishAt / unpublishAt values', () => {
  it('a time without an offset is a content error at its value, naming what is expected', async () => {
    const { content } = await site([schedule('publishAt', '2026-12-01T09:00:00')]);
    const loaded = await loadContent(content);
    expect(loaded.ok).toBe(false);
    const [error, ...rest] = loaded.ok ? [] : loaded.errors;
    expect(rest).toEqual([]);
    expect([error!.location?.file, error!.location?.line, error!.location?.column, error!.location?.path]).toEqual([FAQ, 6, 12, 'publishAt']);
    expect(error!.message).toBe('expected an ISO 8601 date and time with a time zone offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z');
    expect(error!.found).toBe('the text "2026-12-01T09:00:00"');
  });

  it('on a section too, and a date that is not on the calendar', async () => {
    const { content } = await site([
      { file: FAQ, find: '    title: Fragen und Antworten', replace: '    unpublishAt: 2026-02-30T09:00:00Z\n    title: Fragen und Antworten' },
    ]);
    const loaded = await loadContent(content);
    const errors = loaded.ok ? [] : loaded.errors;
    expect(errors.map((e) => `${e.location?.file}:${e.location?.line}:${e.location?.column} ${e.location?.path} ${e.message}`)).toEqual([
      `${FAQ}:9:18 sections[0].unpublishAt expected a date and time that exists on the calendar`,
    ]);
  });

  it('--at takes the same form and nothing else', () => {
    expect(parseMoment('2026-12-01T09:00:00+01:00')?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(parseMoment('2026-12-01T09:00:00')).toBeUndefined();
    expect(parseMoment('tomorrow')).toBeUndefined();
  });

  it('a label shows the moment in the offset it was written with, in the page language', () => {
    expect(formatMoment('2026-12-01T09:00:00+01:00', 'de-DE')).toBe('1. Dezember 2026 um 09:00 (UTC+01:00)');
    expect(formatMoment('2026-12-01T08:00:00Z', 'en-GB')).toBe('1 December 2026 at 08:00 (UTC)');
  });
});

describe('liveness', () => {
  it('draft wins; publishAt is inclusive; unpublishAt ends it', () => {
    const at = '2026-12-01T09:00:00+01:00';
    expect(withheldAt({ draft: true, publishAt: '2020-01-01T00:00:00Z' }, after)).toEqual({ state: 'draft' });
    expect(withheldAt({ publishAt: at }, before)).toEqual({ state: 'scheduled', at });
    expect(withheldAt({ publishAt: at }, new Date(Date.parse(at)))).toBeUndefined();
    expect(withheldAt({ unpublishAt: at }, after)).toEqual({ state: 'expired', at });
    expect(withheldAt({ unpublishAt: at }, before)).toBeUndefined();
  });

  it('a scheduled page is left out before its time and in after it; an unchanged entry stays the same object', async () => {
    const m = await model([schedule('publishAt', '2026-12-01T09:00:00+01:00')]);
    const early = publishedModel(m, { at: before, drafts: false });
    expect(early.pages.map((p) => p.route)).not.toContain('/faq');
    expect(early.withheld).toEqual([{ route: '/faq', source: FAQ, why: { state: 'scheduled', at: '2026-12-01T09:00:00+01:00' } }]);
    expect(early.pages.find((p) => p.route === '/')).toBe(m.pages.find((p) => p.route === '/'));
    expect(publishedModel(m, { at: after, drafts: false })).toBe(m);
  });

  it('a scheduled section is left out of its page; a page whose every section is withheld is withheld', async () => {
    const m = await model([
      { file: 'pages/home/de.yaml', find: '  - type: about\n', replace: '  - type: about\n    draft: true\n' },
      { file: FAQ, find: '  - type: richText\n', replace: '  - type: richText\n    unpublishAt: 2026-12-01T00:00:00Z\n' },
    ]);
    const live = publishedModel(m, { at: after, drafts: false });
    expect(live.pages.find((p) => p.route === '/')!.page.sections.map((s) => s.type)).toEqual(['hero', 'features', 'plans', 'savings', 'contact']);
    expect(live.withheld?.map((w) => [w.route, w.why.state])).toEqual([['/faq', 'expired']]);
  });

  it('with drafts everything stays, labelled and noindex', async () => {
    const m = await model([
      schedule('draft', 'true'),
      { file: 'pages/home/de.yaml', find: '  - type: about\n', replace: '  - type: about\n    publishAt: 2026-12-01T09:00:00+01:00\n' },
    ]);
    const preview = publishedModel(m, { at: before, drafts: true });
    const faq = preview.pages.find((p) => p.route === '/faq')!;
    expect(faq.preview?.page).toEqual({ state: 'draft' });
    expect(faq.page.meta.noindex).toBe(true);
    const home = preview.pages.find((p) => p.route === '/')!;
    expect(home.preview?.sections.map((s) => s?.state)).toEqual([undefined, undefined, undefined, undefined, 'scheduled', undefined]);
    expect(home.page.meta.noindex).toBe(true);
    expect(preview.withheld ?? []).toEqual([]);
  });
});

describe('site build at a moment', () => {
  it('leaves a page that is not live out of the output, the sitemap, hreflang and the language switcher; --at after its time has it', async () => {
    const s = await site([{ file: 'pages/home/en.yaml', find: 'header: business', replace: 'publishAt: 2026-12-01T09:00:00+01:00\nheader: business' }]);
    const built = await buildSite({ contentDir: s.content, outDir: s.out, publication: { at: before, drafts: false } });
    expect(built.ok).toBe(true);
    expect(existsSync(path.join(s.out, 'en/index.html'))).toBe(false);
    const home = await readFile(path.join(s.out, 'index.html'), 'utf8');
    expect(home).not.toMatch(/hreflang="en"|href="\/en"/);
    expect(await readFile(path.join(s.out, 'sitemap.xml'), 'utf8')).not.toContain('/en');

    const later = await buildSite({ contentDir: s.content, outDir: s.out, publication: { at: after, drafts: false } });
    expect(later.ok).toBe(true);
    expect(await readFile(path.join(s.out, 'index.html'), 'utf8')).toMatch(/hreflang="en"/);
    expect(await readFile(path.join(s.out, 'sitemap.xml'), 'utf8')).toContain('/en');
    expect(existsSync(path.join(s.out, 'en/index.html'))).toBe(true);
  });

  it('--drafts shows the page with its label from the locale file and robots noindex, out of the sitemap', async () => {
    const s = await site([
      schedule('publishAt', '2026-12-01T09:00:00+01:00'),
      { file: 'pages/home/de.yaml', find: '  - type: about\n', replace: '  - type: about\n    draft: true\n' },
    ]);
    const built = await buildSite({ contentDir: s.content, outDir: s.out, publication: { at: before, drafts: true } });
    expect(built.ok).toBe(true);
    const faq = await readFile(path.join(s.out, 'faq/index.html'), 'utf8');
    expect(faq).toContain('data-preview="scheduled"');
    expect(faq).toContain('Geplant für 1. Dezember 2026 um 09:00 (UTC+01:00)');
    expect(faq).toContain('<meta name="robots" content="noindex, nofollow">');
    const home = await readFile(path.join(s.out, 'index.html'), 'utf8');
    expect(home).toMatch(/data-preview="draft"[^>]*><span[^>]*>Entwurf<\/span>/);
    expect(await readFile(path.join(s.out, 'sitemap.xml'), 'utf8')).not.toMatch(/\/faq|<loc>[^<]*\/<\/loc>/);
  });
});

describe('site check', () => {
  it('link-unpublished: a live page linking to a scheduled page is an error at the link in the content', async () => {
    const s = await site([
      schedule('publishAt', '2026-12-01T09:00:00+01:00'),
      { file: 'pages/home/de.yaml', find: 'body: [Ein kleines Team aus Bayreuth.]', replace: "body: ['Ein kleines Team aus Bayreuth. [Fragen](/faq)']" },
    ]);
    const run = await runCheck({ contentDir: s.content, at: before });
    const found = run.findings.filter((f) => f.code === 'link-unpublished' || f.code === 'link-broken');
    expect(found.map((f) => `${f.code} ${f.source?.file}:${f.source?.line}:${f.source?.column} ${f.message}`)).toEqual([
      "link-unpublished pages/home/de.yaml:35:53 link to /faq, which is not live at this build's moment (scheduled for 2026-12-01T09:00:00+01:00)",
    ]);
    const later = await runCheck({ contentDir: s.content, at: after });
    expect(later.findings.filter((f) => f.code.startsWith('link-'))).toEqual([]);
  });
});
