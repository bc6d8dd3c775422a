import { mkdir, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { pageSourcesFile } from '../../../../src/output/page-sources.ts';
import { edit, repo, tree, type Site } from './warm-site.ts';

/**
 * The page-cache property test's edits (page-cache-property.test.ts): each kind of change an author, a CI job or a
 * damaged disk makes to a site between two builds, as a function of the site, a pick from the seeded generator and the
 * step number, resolving to a description for the failure message.
 */
/** A pseudo-random generator (mulberry32): the same seed gives the same edits. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;

export type Edit = (site: Site, pick: <T>(items: readonly T[]) => T, n: number) => Promise<string>;

async function pageFiles(site: Site): Promise<string[]> {
  const pages = path.join(site.content, 'pages');
  const files: string[] = [];
  for (const family of await readdir(pages)) for (const file of await readdir(path.join(pages, family))) files.push(path.join('pages', family, file));
  return files.sort();
}

/** Each site's element sources file as an earlier step kept it (EDITS.elementSources puts it back). */
const earlierSources = new WeakMap<Site, Buffer>();

/** A 1200 × 630 PNG (the shared preview); bytes appended after its end keep it readable and change its hash. */
const OWN_IMAGE = await readFile(path.join(repo, 'templates/og-image.png'));

export const EDITS: Record<string, Edit> = {
  async nothing() {
    return 'nothing changed';
  },
  async pageText(site, pick, n) {
    const file = pick(await pageFiles(site));
    await edit(path.join(site.content, file), (text) => text.replace(/^( {2}title: ).*$/m, `$1Seitentitel ${n}`));
    return `title of ${file}`;
  },
  async localeString(site, pick, n) {
    const locale = pick(['de', 'en']);
    const key = pick(['skipToContent', '  back', 'name']);
    await edit(path.join(site.content, `locales/${locale}.yaml`), (text) => text.replace(new RegExp(`^(${key}: ).*$`, 'm'), `$1Text ${n}`));
    return `${key.trim()} in locales/${locale}.yaml`;
  },
  async constant(site, pick, n) {
    const constant = pick(['standard: { price: ', 'chatbotPerPage: ', 'gdprPercent: ']);
    await edit(path.join(site.content, 'site.yaml'), (text) => text.replace(new RegExp(`(${constant.replace(/[{ ]/g, (c) => `\\${c}`)})\\d+`), `$1${10 + n}`));
    return `constant ${constant}`;
  },
  async noindex(site, pick) {
    const file = pick(await pageFiles(site));
    await edit(path.join(site.content, file), (text) =>
      text.includes('  noindex: true\n') ? text.replace('  noindex: true\n', '') : text.replace(/^meta:\n/m, 'meta:\n  noindex: true\n'),
    );
    return `noindex toggled on ${file}`;
  },
  async addPage(site, pick, n) {
    const family = `extra-${n}`;
    const locales = pick([['de'], ['de', 'en'], ['en']]);
    await mkdir(path.join(site.content, 'pages', family), { recursive: true });
    for (const locale of locales) {
      await writeFile(
        path.join(site.content, 'pages', family, `${locale}.yaml`),
        `slug: ${family}\nmeta:\n  title: Zusatz ${n}\n  description: Eine zusätzliche Seite.\nheader: back\nsections:\n  - type: richText\n    title: Zusatz ${n}\n    body: [Text der Seite ${n}.]\n`,
      );
    }
    site.extras.push(family);
    return `added ${family} (${locales.join(', ')})`;
  },
  async removePage(site, pick) {
    if (!site.extras.length) return 'nothing to remove';
    const family = pick(site.extras);
    site.extras = site.extras.filter((f) => f !== family);
    await rm(path.join(site.content, 'pages', family), { recursive: true });
    return `removed ${family}`;
  },
  async renamePage(site, pick, n) {
    if (!site.extras.length) return 'nothing to rename';
    const family = pick(site.extras);
    if (pick([true, false])) {
      for (const file of await readdir(path.join(site.content, 'pages', family))) {
        await edit(path.join(site.content, 'pages', family, file), (text) => text.replace(/^slug: .*$/m, `slug: umbenannt-${n}`));
      }
      return `new slug for ${family}`;
    }
    const moved = `moved-${n}`;
    await rename(path.join(site.content, 'pages', family), path.join(site.content, 'pages', moved));
    site.extras = site.extras.map((f) => (f === family ? moved : f));
    return `moved ${family} to ${moved}`;
  },
  async translate(site, pick, n) {
    const files = await pageFiles(site);
    const single = files.filter((f) => !files.includes(f.replace(/(de|en)\.yaml$/, (_, l: string) => `${l === 'de' ? 'en' : 'de'}.yaml`)));
    if (!single.length) return 'nothing to translate';
    const file = pick(single);
    const other = file.replace(/(de|en)\.yaml$/, (_, l: string) => `${l === 'de' ? 'en' : 'de'}.yaml`);
    await writeFile(
      path.join(site.content, other),
      (await readFile(path.join(site.content, file), 'utf8')).replace(/^( {2}title: ).*$/m, `$1Übersetzung ${n}`),
    );
    return `translated ${file} into ${other}`;
  },
  async untranslate(site, pick) {
    const files = (await pageFiles(site)).filter((f) => f.endsWith('en.yaml'));
    if (!files.length) return 'nothing to untranslate';
    const file = pick(files);
    await rm(path.join(site.content, file));
    return `removed ${file}`;
  },
  async image(site, pick, n) {
    // A small image (one candidate width, so encoding stays quick); its colour follows n, so its bytes change.
    const image = path.join(site.content, 'images/bild.png');
    await mkdir(path.dirname(image), { recursive: true });
    const bytes = await sharp({ create: { width: 64, height: 36, channels: 3, background: { r: (n * 53) % 256, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    if (pick([true, false])) {
      await writeFile(image, bytes);
      return 'image file replaced (the page files unchanged)';
    }
    const file = pick(await pageFiles(site));
    await readFile(image).catch(() => writeFile(image, bytes));
    await edit(path.join(site.content, file), (text) =>
      text.includes('    image: ')
        ? text.replace(/^ {4}image: .*\n/m, '')
        : text.replace(/^( {2}- type: .*\n)/m, `$1    image: { src: images/bild.png, alt: Bild ${n} }\n`),
    );
    return `image toggled on ${file}`;
  },
  async socialImage(site, pick, n) {
    // A page's own Open Graph image: named or not in its meta, and its file's bytes changed (the page's HTML names
    // the image by a hash of its bytes, so a new file must re-render the page).
    const file = pick(await pageFiles(site));
    await mkdir(path.join(site.content, 'social'), { recursive: true });
    await writeFile(path.join(site.content, 'social/own.png'), Buffer.concat([OWN_IMAGE, Buffer.from(`v${n}`)]));
    if (pick([true, false])) return 'social/own.png changed';
    await edit(path.join(site.content, file), (text) =>
      text.includes('  socialImage:')
        ? text.replace(/^ {2}socialImage: .*\n/m, '')
        : text.replace(/^meta:\n/m, `meta:\n  socialImage: { src: social/own.png, alt: Bild ${n} }\n`),
    );
    return `own social image toggled on ${file}`;
  },
  async budget(site, pick) {
    // check.yaml and redirects.yaml are recalled unread when unchanged: an edit must show in the report and the output.
    if (pick([true, false])) {
      const html = pick([1, 30]);
      await edit(path.join(site.content, 'check.yaml'), (text) => text.replace(/html: \d+/, `html: ${html}`));
      return `HTML budget ${html} KB`;
    }
    const file = path.join(site.content, 'redirects.yaml');
    const present = await readFile(file).then(
      () => true,
      () => false,
    );
    if (present && pick([true, false])) await rm(file);
    // To a German or an English page: the fallback page at the old address is in the language of the page it leads to.
    else await writeFile(file, `redirects:\n  - { from: /alt-${pick([1, 2])}, to: ${pick(['/faq', '/en'])}, status: 301 }\n`);
    return 'redirects.yaml changed';
  },
  async touch(site, pick) {
    const file = pick([...(await pageFiles(site)), 'site.yaml', 'locales/de.yaml']);
    await edit(path.join(site.content, file), (text) => text);
    return `touched ${file}`;
  },
  async code(site, _pick, n) {
    site.generator = `code-${n}`;
    return 'component source changed (generator id)';
  },
  async schedule(site, pick) {
    const file = pick(await pageFiles(site));
    const key = pick(['publishAt', 'unpublishAt', 'draft']);
    const value = key === 'draft' ? 'true' : new Date(site.at.getTime() + pick([-2, -1, 1, 2, 25]) * HOUR).toISOString().replace('.000Z', 'Z');
    const onSection = pick([true, false]);
    const clean = (text: string) => text.replace(/^ *(publishAt|unpublishAt|draft): .*\n/gm, '');
    await edit(path.join(site.content, file), (text) =>
      onSection ? clean(text).replace(/^(  - type: .*\n)/m, `$1    ${key}: ${value}\n`) : clean(text).replace(/^header: /m, `${key}: ${value}\nheader: `),
    );
    return `${key}: ${value} on ${onSection ? 'the first section of ' : ''}${file}`;
  },
  async timeShift(site, pick) {
    site.at = new Date(site.at.getTime() + pick([0.5, 1.5, 30]) * HOUR);
    return `build moment moved to ${site.at.toISOString()}`;
  },
  async drafts(site) {
    site.drafts = !site.drafts;
    return `drafts ${site.drafts ? 'shown' : 'left out'}`;
  },
  async structuredData(site, pick) {
    // Education pages get a cache hint in _headers; the kind is also each page's JSON-LD.
    const file = pick(await pageFiles(site));
    const kind = pick(['education', 'business', 'none']);
    await edit(path.join(site.content, file), (text) =>
      text.replace(/^ {2}structuredData: .*\n/m, '').replace(/^meta:\n/m, `meta:\n  structuredData: ${kind}\n`),
    );
    return `structuredData: ${kind} on ${file}`;
  },
  async verbatim(site, pick) {
    // A verbatim string is left as typed on every page that has it (the site part of every key).
    const file = pick(await pageFiles(site));
    await edit(path.join(site.content, file), (text) =>
      text.includes('description: !verbatim ')
        ? text.replace(/^( {2}description: )!verbatim "(.*)"$/m, '$1$2')
        : text.replace(/^( {2}description: )(.*)$/m, '$1!verbatim "$2"'),
    );
    return `verbatim description toggled on ${file}`;
  },
  async inlineScript(site, pick, n) {
    // A not-found section's inline script: the policy in _headers allows every page's inline code by its hash.
    const file = pick(await pageFiles(site));
    const section = (message: string) =>
      `  - type: notFound\n    code: "404"\n    title: Nicht gefunden\n    action: { label: Start, href: / }\n    logMessage: "${message}"\n`;
    const how = pick(['add or change', 'remove']);
    await edit(path.join(site.content, file), (text) => {
      const at = text.indexOf('  - type: notFound\n');
      if (how === 'remove') return at < 0 ? text : text.slice(0, at);
      return `${at < 0 ? text : text.slice(0, at)}${section(pick(['Nicht da:', 'Fehlt:', `Weg ${n}:`]))}`;
    });
    return `not-found script: ${how} on ${file}`;
  },
  async slug(site, pick, n) {
    // A page's route: another address, the not-found page's (/404) or its locale's home (no slug), if no other page of its locale has it.
    const files = await pageFiles(site);
    const file = pick(files);
    const locale = path.basename(file, '.yaml');
    const slug = pick(['404', '', `seite-${n}`]);
    const slugOf = async (f: string) => /^slug: "?(.*?)"?$/m.exec(await readFile(path.join(site.content, f), 'utf8'))?.[1];
    for (const other of files)
      if (other !== file && path.basename(other, '.yaml') === locale && (await slugOf(other)) === slug) return `slug "${slug}" taken in ${locale}`;
    await edit(path.join(site.content, file), (text) => text.replace(/^slug: .*$/m, `slug: "${slug}"`));
    return `slug "${slug}" for ${file}`;
  },
  async elementSources(site, pick) {
    // The element sources beside the output (site check --out reads them): a reused page's entry is copied from there.
    const file = pageSourcesFile(site.warmOut);
    const how = pick(['deleted', 'damaged', 'an earlier one put back']);
    if (how === 'deleted') await rm(file, { force: true });
    else if (how === 'damaged') await writeFile(file, '{"version":1,"pages":{}}');
    else {
      const earlier = earlierSources.get(site);
      earlierSources.set(site, await readFile(file));
      if (!earlier) return 'element sources kept for later';
      await writeFile(file, earlier);
    }
    return `element sources ${how}`;
  },
  async damageOutput(site, pick) {
    const files = [...(await tree(site.warmOut))].filter(([, v]) => v !== 'dir').map(([k]) => k);
    const file = pick(files);
    if (pick([true, false])) await rm(path.join(site.warmOut, file));
    else await writeFile(path.join(site.warmOut, file), 'changed by hand');
    // A stray file at the top or in a page's folder (only that folder's stamp shows it).
    const stray = pick(['stray.txt', path.join(path.dirname(file), 'stray.txt')]);
    await mkdir(path.dirname(path.join(site.warmOut, stray)), { recursive: true });
    await writeFile(path.join(site.warmOut, stray), 'not the build’s');
    return `output damaged: ${file}, ${stray} added`;
  },
  async deleteOutput(site, pick) {
    // What a CI job sees when it restores the build cache into a fresh checkout: the pages come from the cache.
    if (pick([true, false])) await rm(site.warmOut, { recursive: true, force: true });
    else await rm(path.join(site.warmOut, 'index.html'));
    return 'output folder deleted';
  },
  async damageCache(site, pick) {
    const kind = pick(['content-memo', 'content-memo-changes', 'output-manifest', 'page', 'unchanged-build']);
    const dir = path.join(site.pageCache, kind);
    const entries = await readdir(dir).catch(() => []);
    if (!entries.length) return `no ${kind} to damage`;
    const file = path.join(dir, pick(entries));
    const how = pick(['truncate', 'garbage', 'version', 'record']);
    if (how === 'truncate') await truncate(file, 20);
    else if (how === 'record') {
      // One record in the middle of the entry no longer JSON, or its sections no longer the CRC-32 it holds: the content
      // memo's records are parsed one at a time, and that one is no entry for its file.
      await edit(file, (text) => {
        const lines = text.split('\n');
        const middle = Math.max(1, Math.floor((lines.length - 1) / 2));
        const line = lines[middle] ?? '';
        lines[middle] = `${line.slice(0, line.length >> 1)}\u0001${line.slice(line.length >> 1)}`;
        return lines.join('\n');
      });
    } else if (how === 'garbage') await writeFile(file, '{"format":1,"pages":{"index.html":{"key":1}},"files":[');
    else await edit(file, (text) => text.replace(/"format":\d+/, '"format":999'));
    return `${kind} ${how}`;
  },
};
