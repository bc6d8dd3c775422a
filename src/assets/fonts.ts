import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type subsetFont from 'subset-font';
import { cacheKey, noCache, type BuildCache } from '../cache/build-cache.ts';
import { shortDigest } from '../cache/digest.ts';
import { packageRoot } from '../package-root.ts';

const require = createRequire(import.meta.url);
const interDir = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));
const interVersion = (require('@fontsource-variable/inter/package.json') as { version: string }).version;

/**
 * The weights the components use (font-normal … font-extrabold). Cutting the variable axis to this range
 * and the glyphs to what de/fr/en/es need takes Inter's latin file from 48 KB to about 29 KB (woff2; 23 KB
 * with the features below).
 */
const WEIGHTS = { min: 400, max: 800 } as const;

/**
 * The OpenType features kept: kerning, the shaping a browser applies by default to these scripts (ligatures,
 * composition, localised forms, mark placement) and tabular figures (`tabular-nums` in the components).
 * Inter's stylistic sets, character variants, fractions and contextual alternates (`calt`: arrows typed as
 * `->`, punctuation raised between capitals) are left out with the glyphs only they reach: 29.2 → 22.9 KB
 * for the latin file, which is what lets it arrive in two round trips instead of three on a new connection
 * of a slow mobile network (Lighthouse's simulation: 150 ms each).
 */
const FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

/** The code points of the `latin` subset, which every page loads (and the social cards draw with). */
export const LATIN_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2010, 0x2027],
  [0x202f, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];

/**
 * The subsets, each announced with its unicode-range so a browser downloads a file only when the page holds one of
 * its characters: `latin` (Basic Latin, Latin-1, the punctuation, euro and arrows the copy uses) loads on every page;
 * `latin-ext` (Latin Extended-A, Œ aside, and Romanian's Ș Ț) for a name such as "Łódź" or "Yılmaz" in a text, 10.8 KB,
 * so such a page stays within the 40 KB of fonts a first visit may take (one file for all of Inter's Latin
 * Extended was 35.4 KB: 58 KB on /chatbot for one "ı"); `latin-ext-b` (the rest of Latin Extended-B and Additional,
 * the other currency signs) only for the rarer letters it holds.
 */
const SUBSETS = [
  { name: 'latin', file: 'inter-latin-wght-normal.woff2', ranges: LATIN_RANGES },
  {
    name: 'latin-ext',
    file: 'inter-latin-ext-wght-normal.woff2',
    ranges: [
      [0x100, 0x151],
      [0x154, 0x17f],
      [0x218, 0x21b],
    ],
  },
  {
    name: 'latin-ext-b',
    file: 'inter-latin-ext-wght-normal.woff2',
    ranges: [
      [0x180, 0x217],
      [0x21c, 0x24f],
      [0x1e00, 0x1eff],
      [0x20a0, 0x20ab],
      [0x20ad, 0x20c0],
    ],
  },
] as const;

export interface FontFile {
  url: string;
  bytes: Uint8Array;
}

export interface SiteFonts {
  files: FontFile[];
  /** The @font-face rules (web font and metric-matched fallback), put in front of the stylesheet. */
  css: string;
  /** The file every page needs before first paint: preloaded from the head. */
  preload: string;
}

const hex = (n: number) => n.toString(16).toUpperCase();
const unicodeRange = (ranges: readonly (readonly [number, number])[]) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',');

/**
 * Arial (or its metric twin Liberation Sans) resized to Inter's metrics (Inter: 2048 units per em, ascender
 * 1984, descender 494, no line gap; figures as next/font and fontaine compute them). Text set in the fallback
 * takes nearly the same room as in Inter. Nearly is not enough: lines still rewrap at a late swap (with the
 * font held back 1.2 s, `swap` shifted 11 of 12 route × width loads, CLS up to 0.032 on / at 390 px; `optional`
 * none; DESIGN.md, Type), so the face is `font-display: optional`: the preloaded file is used
 * when it is there by first paint, else the page keeps the fallback until the next navigation (CLS 0).
 * The fallback face is `optional` too: Chromium looks local() fonts up off the main thread, and on a busy
 * machine the lookup can finish after first paint; with the default (`auto`) the text then swapped from the
 * generic family to the resized Arial. (The gate's other intermittent shift, 0.019 in the cookie bar, was
 * the bar painted half-parsed: see .cookie-banner in styles.css.)
 */
const FALLBACK_FACE =
  '@font-face{font-family:"Inter Fallback";font-display:optional;src:local("Arial"),local("Liberation Sans"),local("Helvetica"),local("Arimo");size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%}';

/**
 * Inter's subsets, hashed: the ones the generator ships when they were made from the current inputs, else the build
 * cache's, else made now (harfbuzz via subset-font, loaded only then; `npm run fonts` ships them again). The
 * files a miss needs are subset one after the other in one child process: the woff2 encoding (brotli in
 * WebAssembly) is about 1.5 s of CPU that would otherwise block the main thread, which loads the content
 * meanwhile. Not on worker threads: the build process then kept 40-90 MB of their native memory to its last
 * page, over the 500 MB that 10,000 pages may take; one process compiles the WebAssembly once for all of them
 * (a process per file compiled it twice: 1.2 CPU-s more at 1,000 pages).
 */
export async function buildFonts(cache: BuildCache = noCache, shipped = SHIPPED_FONTS): Promise<SiteFonts> {
  const keys = subsetKeys();
  const fromShipped = await shippedSubsets(shipped, keys);
  const found = await Promise.all(keys.map((key, i) => fromShipped[i] ?? cache.read('font', key)));
  // The indices of the subsets neither has: made in one child process, then stored in the cache.
  const missing = SUBSETS.flatMap((_, i) => (found[i] ? [] : [i]));
  if (missing.length) {
    const made = await subsetInChild(missing.map((i) => SUBSETS[i]!));
    for (const [j, i] of missing.entries()) found[i] = made[j];
    await Promise.all(missing.map((i) => cache.write('font', keys[i]!, found[i]!)));
  }
  const files = SUBSETS.map((subset, i): FontFile => {
    const bytes = found[i]!;
    return { url: `/assets/inter-${subset.name}-${shortDigest(bytes)}.woff2`, bytes };
  });
  const faces = files.map(
    (file, i) =>
      `@font-face{font-family:"Inter Variable";font-style:normal;font-display:optional;font-weight:${WEIGHTS.min} ${WEIGHTS.max};src:url(${file.url}) format("woff2");unicode-range:${unicodeRange(SUBSETS[i]!.ranges)}}`,
  );
  return { files, css: [FALLBACK_FACE, ...faces].join(''), preload: files[0]!.url };
}

/** Each subset's cache key: everything its bytes are made from. */
const subsetKeys = () =>
  SUBSETS.map((subset) => cacheKey('inter', interVersion, subset.name, unicodeRange(subset.ranges), JSON.stringify(WEIGHTS), FEATURES.join()));

/**
 * The subsets the generator ships (`npm run fonts` makes them). They depend on nothing of a site, only on the Inter
 * package and the constants above, so a machine's first build need not make them: subsetting is about 1.3 CPU-s and,
 * at 1,000 pages, the last thing an empty-cache build waited for before it could render (the stylesheet needs the
 * files' URLs). `subsets.json` names the key each file was made under; a file whose key is not the current one (Inter
 * updated, a range changed) is not used, and the build subsets as before. tests/unit/assets/fonts.test.ts fails
 * until the shipped files are made again.
 */
export const SHIPPED_FONTS = path.join(packageRoot, 'src/assets/fonts');
const SHIPPED_KEYS = 'subsets.json';
const shippedFile = (dir: string, name: string) => path.join(dir, `inter-${name}.woff2`);

async function shippedSubsets(dir: string, keys: readonly string[]): Promise<(Uint8Array | undefined)[]> {
  const made = (await readFile(path.join(dir, SHIPPED_KEYS), 'utf8').then(JSON.parse, () => ({}))) as Record<string, unknown>;
  return Promise.all(SUBSETS.map((subset, i) => (made[subset.name] === keys[i] ? readFile(shippedFile(dir, subset.name)).catch(() => undefined) : undefined)));
}

/** Makes the subsets in the child process and writes them, with their keys, into `dir` (`npm run fonts`). */
export async function writeShippedFonts(dir = SHIPPED_FONTS): Promise<void> {
  const bytes = await subsetInChild(SUBSETS);
  const keys = subsetKeys();
  await mkdir(dir, { recursive: true });
  await Promise.all(SUBSETS.map((subset, i) => writeFile(shippedFile(dir, subset.name), bytes[i]!)));
  await writeFile(path.join(dir, SHIPPED_KEYS), `${JSON.stringify(Object.fromEntries(SUBSETS.map((subset, i) => [subset.name, keys[i]])), null, 2)}\n`);
}

/**
 * What the font process runs. It is code in a string, not a module of its own, because the CLI runs bundled
 * (bin/site.js) and the tests from source: a script file would need a form for each. It only calls subset-font,
 * whose path the build resolves.
 */
const SUBSET_SCRIPT = `
const { readFileSync } = require('node:fs');
// Once the build is gone (killed, Ctrl-C) no one takes the fonts: stop at the next turn, not fail to send them.
process.once('disconnect', () => process.exit());
process.once('message', async ({ subsetFont, jobs, options }) => {
  const subset = require(subsetFont);
  const fonts = [];
  for (const job of jobs) fonts.push(await subset(readFileSync(job.source), job.text, options));
  process.send(fonts, () => process.disconnect());
});
`;

/**
 * How the font process compiles its WebAssembly (harfbuzz, woff2 with brotli): each function with the optimising
 * compiler when first called. By default every function is first compiled by the baseline compiler, and three
 * functions of woff2's brotli (about 0.9 s of the process's 1.3 s of samples) are entered seldom enough that most of
 * their work ran in the baseline code: the second font alone took 240 ms with these flags against 450-620 ms. Alternated
 * runs of the two subsets alone (farm-bench -n 7, load 12-13): 0.96x CPU, 0.88x wall, peak 106 against 153 MiB; the
 * same bytes.
 */
const WASM_FLAGS = ['--no-liftoff', '--wasm-lazy-compilation'];

function subsetInChild(subsets: readonly (typeof SUBSETS)[number][]): Promise<Uint8Array[]> {
  const jobs = subsets.map((subset) => {
    let text = '';
    for (const [a, b] of subset.ranges) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
    return { source: path.join(interDir, 'files', subset.file), text };
  });
  // subset-font 2.9 takes keepFeatures; @types/subset-font (2.3) does not list it yet.
  const options: Parameters<typeof subsetFont>[2] & { keepFeatures: string[] } = {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    variationAxes: { wght: { ...WEIGHTS } },
  };
  const child = spawn(process.execPath, [...WASM_FLAGS, '-e', SUBSET_SCRIPT], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
  child.send({ subsetFont: require.resolve('subset-font'), jobs, options });
  return new Promise<Uint8Array[]>((resolve, reject) => {
    child.once('message', (fonts) => resolve((fonts as Uint8Array[]).map((font) => new Uint8Array(font.buffer, font.byteOffset, font.byteLength))));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the font process exited (${code}) without the fonts`)));
  });
}
