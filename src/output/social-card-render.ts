import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LATIN_RANGES } from '../assets/fonts.ts';
import { cacheKey, type BuildCache } from '../cache/build-cache.ts';
import { fitLines, fontMetrics } from './card-text-fit.ts';

/**
 * Draws a social card: satori lays the text out (line breaking, Inter's metrics) into SVG, resvg rasterises it
 * to PNG. Imported only when a card is not in the build cache, so `site build` with every card cached, and
 * every other command, never loads either.
 */

/** What a generated card shows. */
export interface CardText {
  brand: string;
  title: string;
  description: string;
  /** The site's host name (`www.example.com`), as the card's footer. */
  host: string;
}

const require = createRequire(import.meta.url);
const interDir = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));
const interVersion = (require('@fontsource-variable/inter/package.json') as { version: string }).version;

export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The brand tokens of src/assets/styles.css (DESIGN.md) the card is drawn in. */
const TOKENS = {
  brand600: '#5146d8',
  brand700: '#4337bd',
  brand900: '#312c78',
  brand950: '#1d1946',
  brand100: '#e1e3fd',
  brand200: '#c8ccfb',
  white: '#ffffff',
} as const;

/** The characters of the site's latin subset (assets/fonts.ts): Basic Latin, Latin-1, Œ, punctuation, € and arrows. */
const CARD_CHARACTERS = (() => {
  let text = '';
  for (const [a, b] of LATIN_RANGES) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  return text;
})();

/**
 * Inter at one weight as TrueType: satori reads TTF/OTF/WOFF but not the package's WOFF2, and draws a variable
 * font at its default instance only, so harfbuzz (subset-font) pins the weight axis. Cached like the web fonts.
 */
const fonts = new Map<number, Promise<Uint8Array>>();
function interAt(weight: 400 | 700, cache: BuildCache): Promise<Uint8Array> {
  let font = fonts.get(weight);
  // Cards are drawn side by side: the first asks, the others wait for the same font.
  if (!font) fonts.set(weight, (font = pinnedInter(weight, cache)));
  return font;
}

async function pinnedInter(weight: 400 | 700, cache: BuildCache): Promise<Uint8Array> {
  const key = cacheKey('inter-card', interVersion, String(weight), CARD_CHARACTERS);
  const cached = await cache.read('font', key);
  if (cached) return cached;
  const [{ default: subsetFont }, latin] = await Promise.all([import('subset-font'), readFile(path.join(interDir, 'files', 'inter-latin-wght-normal.woff2'))]);
  const bytes = new Uint8Array(await subsetFont(latin, CARD_CHARACTERS, { targetFormat: 'truetype', variationAxes: { wght: weight } }));
  await cache.write('font', key, bytes);
  return bytes;
}

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string; src?: string; width?: number; height?: number };
};
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children'], extra: Partial<Node['props']> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

/** The brand mark of render/layout/Logo.tsx, white on the card. */
const MARK = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#5146d8"/><circle cx="16" cy="16" r="4.5" fill="#fff"/><path d="M16 5v6M16 21v6M5 16h6M21 16h6" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>')}`;

/** The card as SVG (text as paths), laid out by satori. */
/** The card's title and description boxes: font size, width and lines (satori's lineClamp stays as a backstop). */
const boxes = (text: CardText) => ({
  title: { size: text.title.length > 60 ? 56 : 66, width: 1040, lines: 3 },
  description: { size: 30, width: 1000, lines: 2 },
});

/** The title and description as the card shows them: each cut at a word to fit its box, measured in Inter. */
export async function fittedCardText(text: CardText, cache: BuildCache): Promise<{ title: string; description: string }> {
  const [regular, bold] = await Promise.all([interAt(400, cache), interAt(700, cache)]);
  const box = boxes(text);
  return {
    title: fitLines(text.title, fontMetrics(bold), box.title),
    description: text.description && fitLines(text.description, fontMetrics(regular), box.description),
  };
}

export async function cardSvg(text: CardText, cache: BuildCache): Promise<string> {
  const [{ default: satori }, regular, bold, { title, description }] = await Promise.all([
    import('satori'),
    interAt(400, cache),
    interAt(700, cache),
    fittedCardText(text, cache),
  ]);
  const { title: titleBox, description: descriptionBox } = boxes(text);
  const tree = el(
    'div',
    // Satori sizes boxes without their padding (content-box): the root's size is the card's less its padding.
    {
      width: CARD_SIZE.width - 2 * 80,
      height: CARD_SIZE.height - 64 - 56,
      display: 'flex',
      flexDirection: 'column',
      paddingTop: 64,
      paddingBottom: 56,
      paddingLeft: 80,
      paddingRight: 80,
      backgroundImage: `linear-gradient(135deg, ${TOKENS.brand700} 0%, ${TOKENS.brand900} 60%, ${TOKENS.brand950} 100%)`,
      color: TOKENS.white,
      fontFamily: 'Inter',
    },
    [
      el('div', { display: 'flex', alignItems: 'center' }, [
        el('img', { width: 56, height: 56, borderRadius: 16, boxShadow: '0 0 0 3px rgba(255,255,255,0.25)' }, undefined, { src: MARK, width: 56, height: 56 }),
        el('div', { marginLeft: 20, fontSize: 36, fontWeight: 700 }, text.brand),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1 }, [
        el('div', { fontSize: titleBox.size, fontWeight: 700, lineHeight: 1.12, lineClamp: titleBox.lines, maxWidth: titleBox.width }, title),
        ...(description
          ? [
              el(
                'div',
                {
                  marginTop: 28,
                  fontSize: descriptionBox.size,
                  lineHeight: 1.4,
                  color: TOKENS.brand100,
                  lineClamp: descriptionBox.lines,
                  maxWidth: descriptionBox.width,
                },
                description,
              ),
            ]
          : []),
      ]),
      el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 26, color: TOKENS.brand200 }, [
        el('div', { display: 'flex' }, text.host),
        el('div', { width: 120, height: 8, borderRadius: 4, backgroundColor: TOKENS.brand600, boxShadow: `0 0 0 2px ${TOKENS.brand200}` }, undefined),
      ]),
    ],
  );
  return satori(tree as never, {
    ...CARD_SIZE,
    fonts: [
      { name: 'Inter', data: Buffer.from(regular), weight: 400, style: 'normal' },
      { name: 'Inter', data: Buffer.from(bold), weight: 700, style: 'normal' },
    ],
  });
}

export async function renderCard(text: CardText, cache: BuildCache): Promise<Uint8Array> {
  const [{ Resvg }, svg] = await Promise.all([import('@resvg/resvg-js'), cardSvg(text, cache)]);
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: CARD_SIZE.width }, font: { loadSystemFonts: false } }).render().asPng());
}
