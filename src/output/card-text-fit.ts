/**
 * Fitting a social card's text into its lines before satori draws it. Satori's `lineClamp` cuts wherever the
 * last line runs out ("un soutie...", "Ab 17 ..."): the card cuts at a word instead, with "…", measured with
 * the font the card is drawn in.
 */

/** Advance widths of a TrueType font by character: enough to measure a line (kerning left out, see fitLines). */
export interface FontMetrics {
  unitsPerEm: number;
  advance(codePoint: number): number;
}

/** The glyph of a character from the font's Unicode cmap (format 4 or 12); 0 (.notdef) when it has none. */
function cmapLookup(view: DataView, cmap: number): (codePoint: number) => number {
  const count = view.getUint16(cmap + 2);
  const subtables: { platform: number; encoding: number; at: number }[] = [];
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + 8 * i;
    subtables.push({ platform: view.getUint16(record), encoding: view.getUint16(record + 2), at: cmap + view.getUint32(record + 4) });
  }
  const full = subtables.find((s) => view.getUint16(s.at) === 12 && (s.platform === 0 || (s.platform === 3 && s.encoding === 10)));
  if (full) {
    const groups = view.getUint32(full.at + 12);
    return (codePoint) => {
      for (let g = 0; g < groups; g++) {
        const at = full.at + 16 + 12 * g;
        const start = view.getUint32(at);
        if (codePoint >= start && codePoint <= view.getUint32(at + 4)) return view.getUint32(at + 8) + codePoint - start;
      }
      return 0;
    };
  }
  const basic = subtables.find((s) => view.getUint16(s.at) === 4 && (s.platform === 0 || (s.platform === 3 && s.encoding === 1)));
  if (!basic) throw new Error('the font has no Unicode character map (cmap format 4 or 12)');
  const segments = view.getUint16(basic.at + 6) / 2;
  const ends = basic.at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    for (let i = 0; i < segments; i++) {
      if (codePoint > view.getUint16(ends + 2 * i)) continue;
      const start = view.getUint16(starts + 2 * i);
      if (codePoint < start) return 0;
      const delta = view.getUint16(deltas + 2 * i);
      const rangeOffset = view.getUint16(rangeOffsets + 2 * i);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The metrics of a TrueType/OpenType font file (head, hhea, hmtx and cmap tables). */
export function fontMetrics(bytes: Uint8Array): FontMetrics {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    tables.set(String.fromCharCode(...bytes.subarray(record, record + 4)), view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`the font has no ${tag} table`);
    return at;
  };
  const widths = view.getUint16(table('hhea') + 34);
  const hmtx = table('hmtx');
  const glyphOf = cmapLookup(view, table('cmap'));
  return {
    unitsPerEm: view.getUint16(table('head') + 18),
    // Glyphs past the last full metric share its advance (the hmtx convention for monospaced tails).
    advance: (codePoint) => view.getUint16(hmtx + 4 * Math.min(glyphOf(codePoint), widths - 1)),
  };
}

export interface LineBox {
  /** Font size in px. */
  size: number;
  /** Width of the text box in px. */
  width: number;
  /** Lines the box shows. */
  lines: number;
}

/**
 * Kerning, left out of the measure, mostly tightens Latin text; the margin covers the pairs that widen it, so
 * satori never has to clamp a text this module says fits.
 */
const MARGIN = 0.96;

/** Lines `text` takes, broken greedily at spaces and after hyphens, as satori breaks it. */
function linesOf(text: string, metrics: FontMetrics, box: LineBox): number {
  const scale = box.size / metrics.unitsPerEm;
  const measure = (part: string) => [...part].reduce((sum, ch) => sum + metrics.advance(ch.codePointAt(0) ?? 0), 0) * scale;
  const space = measure(' ');
  const room = box.width * MARGIN;
  let lines = 1;
  let used = 0;
  for (const [w, word] of text.split(' ').entries()) {
    // A compound breaks after its hyphens ("DSGVO-|konformen"), never before them.
    for (const [p, part] of (word.match(/[^-]+-*|-+/g) ?? ['']).entries()) {
      const gap = p === 0 && w > 0 ? space : 0;
      const width = measure(part);
      if (used > 0 && used + gap + width > room) {
        lines++;
        used = width;
      } else used += gap + width;
    }
  }
  return lines;
}

/** A cut that keeps at least this share of what fits may end at a clause instead of mid-phrase. */
const CLAUSE_SHARE = 0.7;

const ending = (kept: string) => (/[.!?]$/.test(kept) ? kept : `${kept.replace(/[\s\u00a0\u202f,;:–—-]+$/u, '')}…`);

/**
 * `text` as it fits `box`: unchanged when it does, else cut at a word. It ends where a sentence or clause
 * ends when that keeps most of what fits (a sentence as it is, a clause with "…"), so a cut does not drop
 * the qualifier of a claim mid-phrase ("ab 17 € … freie Modellwahl…"); otherwise after the last word of
 * four or more characters that fits, with "…" (never "und…", "Ab…"). Only typed spaces are break points: a
 * no-break space keeps a figure with its unit ("17 €"). A single word too long for the box is returned as it is.
 */
export function fitLines(text: string, metrics: FontMetrics, box: LineBox): string {
  const clean = text.replace(/[ \t\r\n]+/g, ' ').trim();
  if (linesOf(clean, metrics, box) <= box.lines) return clean;
  const words = clean.split(' ');
  const fits = (count: number) => linesOf(ending(words.slice(0, count).join(' ')), metrics, box) <= box.lines;
  let longest = words.length - 1;
  while (longest > 0 && !fits(longest)) longest--;
  if (longest === 0) return clean;
  const room = words.slice(0, longest).join(' ').length;
  const candidates = Array.from({ length: longest }, (_, i) => longest - i);
  const clause = candidates.find((count) => /[.!?,;:]$/.test(words[count - 1] ?? '') && words.slice(0, count).join(' ').length >= CLAUSE_SHARE * room);
  const word = candidates.find((count) => (words[count - 1] ?? '').replace(/[^\p{L}\p{N}]/gu, '').length > 3);
  return ending(words.slice(0, clause ?? word ?? longest).join(' '));
}
