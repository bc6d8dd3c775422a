import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../src/output/build.ts';
import { formatPlan } from '../../../src/output/incremental/explain.ts';
import { firstDifference, whyNotReusable } from '../../../src/output/incremental/plan.ts';
import type { PageRecord } from '../../../src/output/page-cache.ts';
import { edit, newSite, useWarmSites, warm } from './support/warm-site.ts';

/**
 * The incremental build as a plan (src/output/incremental/): every page's decision and its reason, as the build carried
 * it out, and the pages removed. The fixture has six page files: home (de, en), agb, datenschutz (the site's family,
 * always loaded), faq, impressum.
 */

useWarmSites();

const decisions = (report: BuildReport) => Object.fromEntries(report.plan.pages.map((page) => [page.route, `${page.kind}: ${page.reason}`]));
const retitle = (content: string, family: string, title: string) =>
  edit(path.join(content, 'pages', family, 'de.yaml'), (text) => text.replace(/^( {2}title: ).*$/m, `$1${title}`));

describe('the build plan', () => {
  it('names each page’s decision and why: a first build renders all, an edit renders its page and says which file changed', async () => {
    const site = await newSite('plan-reasons');
    const first = await warm(site);
    expect(new Set(Object.values(decisions(first)))).toEqual(new Set(['render: no earlier build into this output folder']));

    await retitle(site.content, 'faq', 'Fragen, neu');
    const edited = decisions(await warm(site));
    expect(edited['/faq']).toBe('render: meta.title changed in pages/faq/de.yaml');
    expect(edited['/agb']).toBe('unloaded: not loaded: pages/agb/de.yaml and its family are unchanged since the last build');
    expect(edited['/datenschutz']).toMatch(/^reuse: unchanged: built under the same key/);

    // An output file changed by hand: the whole site loads (as for any recorded page not as written), and the page's
    // HTML comes back from the build cache, which holds it under the same key.
    await writeFile(path.join(site.warmOut, 'agb/index.html'), 'edited by hand');
    const repaired = decisions(await warm(site));
    expect(repaired['/agb']).toBe('restore: agb/index.html in the output folder is not as the last build wrote it; the build cache holds its HTML');
    expect(repaired['/faq']).toMatch(/^reuse: /);
  });

  it('restores a page whose output is gone from the build cache, and lists the pages it removes', async () => {
    const site = await newSite('plan-restore');
    await warm(site);
    await rm(site.warmOut, { recursive: true });
    const restored = await warm(site);
    expect(new Set(restored.plan.pages.map((page) => page.kind))).toEqual(new Set(['restore']));
    expect(restored.plan.pages[0]!.reason).toBe('no earlier build into this output folder; the build cache holds its HTML');

    await rm(path.join(site.content, 'pages/impressum'), { recursive: true });
    const removed = await warm(site);
    expect(removed.plan.removals).toEqual([{ file: 'impressum/index.html', reason: 'its page is gone from the content (or no longer live)' }]);
    expect(formatPlan(removed.plan).split('\n')).toContain('remove   impressum/index.html  its page is gone from the content (or no longer live)');
  });

  it('tells apart why a record cannot be reused, from the record and the output folder alone', () => {
    const record: PageRecord = {
      key: 'k1',
      stamp: 's1',
      htmlGzip: 10,
      refs: { scripts: [], stylesheets: [], islands: [] },
      inline: { scripts: [], styles: [], styleAttributes: false },
      islandProps: { '/p/a.json': 5 },
    };
    const look = { stamp: (file: string) => (file === 'a/index.html' ? 's1' : undefined), propsPresent: (url: string) => url === '/p/a.json' };
    expect(whyNotReusable(record, 'k1', 'a/index.html', look)).toBeUndefined();
    expect(whyNotReusable(undefined, 'k1', 'a/index.html', look)).toBe('a new page: the last build had none at this route');
    // A manifest record is JSON as read: a damaged one may hold anything.
    const damaged = JSON.parse(JSON.stringify({ ...record, htmlGzip: 'ten' })) as PageRecord;
    expect(whyNotReusable(damaged, 'k1', 'a/index.html', look)).toBe('its record in the page cache is damaged');
    expect(whyNotReusable(record, 'k1', 'b/index.html', look)).toBe('b/index.html in the output folder is not as the last build wrote it');
    expect(whyNotReusable({ ...record, islandProps: { '/p/b.json': 5 } }, 'k1', 'a/index.html', look)).toBe(
      "its islands' props file /p/b.json is missing from the output folder or changed",
    );
    expect(whyNotReusable(record, 'k2', 'a/index.html', look)).not.toBeUndefined();
  });

  it('names the first field that differs, the way the file writes it', () => {
    const page = { slug: 'faq', meta: { title: 'Fragen', noindex: false }, sections: [{ type: 'faq', items: [{ q: 'a' }, { q: 'b' }] }] };
    expect(firstDifference(page, structuredClone(page))).toBeUndefined();
    expect(firstDifference(page, { ...page, meta: { ...page.meta, title: 'Neu' } })).toBe('meta.title');
    expect(firstDifference(page, { ...page, sections: [{ type: 'faq', items: [{ q: 'a' }, { q: 'c' }] }] })).toBe('sections[0].items[1].q');
    expect(firstDifference(page, { ...page, sections: [] })).toBe('sections (items added or removed)');
  });
});
