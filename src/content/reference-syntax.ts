/**
 * The syntax of a reference in content and the units a duration prints in, shared by the loader and the
 * editor's browser code (which must not import the loader's YAML and error modules).
 */

/** `{{ plans.standard.price }}` or `{{ plans.standard.price | eur }}` inside any content string. */
export const REFERENCE = /\{\{\s*([A-Za-z][\w.]*)\s*(?:\|\s*([a-z]+)\s*)?\}\}/g;

/**
 * Units a duration is printed in: the largest that divides it, so 31536000 s reads "1 Jahr" and 7 days
 * "7 Tage". A year is 365 days, as in a cookie's Max-Age; weeks and months are left out because the
 * spec states periods in days and years.
 */
export const DURATION_UNITS = [
  ['year', 31_536_000],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

/** The largest unit of `DURATION_UNITS` that divides `seconds`, and its size. */
export const durationUnit = (seconds: number) => DURATION_UNITS.find(([, size]) => seconds % size === 0) ?? (['second', 1] as const);
