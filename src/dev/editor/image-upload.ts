/** The largest image the editor accepts (a photo for the web; the build makes the smaller variants). */
export const IMAGE_LIMIT_BYTES = 2.5 * 1024 * 1024;

/** The file's type by its first bytes (never by the name the browser sends): png, jpg, webp or avif. */
export function imageTypeOf(bytes: Uint8Array): 'png' | 'jpg' | 'webp' | 'avif' | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif';
  return undefined;
}

/** A file name for `images/`: the browser's name in lower-case letters, digits and dashes, or "image". */
export function imageBaseName(name: unknown): string {
  const base = String(name ?? '')
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    // German umlauts as German spells them without the dots ("Büro" → "buero"), as page addresses do.
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'image';
}
