/**
 * The brand names as a page in `locale` prints them. `brand.education` may name the education variant
 * per language ("KI-Zentrale Bildung" means nothing on a French page); a single name serves every language.
 * Works on raw site.yaml data too, so references resolve even when site.yaml has other errors.
 */
export function brandFor<B>(brand: B, locale: string): B {
  if (!brand || typeof brand !== 'object') return brand;
  const education = (brand as { education?: unknown }).education;
  if (!education || typeof education !== 'object') return brand;
  return { ...brand, education: (education as Record<string, unknown>)[locale] };
}

/** The education brand of a page in `locale` (site.yaml validated). */
export function educationBrand(brand: { education: string | Record<string, string> }, locale: string): string {
  const { education } = brand;
  return typeof education === 'string' ? education : (education[locale] ?? Object.values(education)[0] ?? '');
}
