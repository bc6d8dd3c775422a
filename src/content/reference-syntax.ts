/**
 * The syntax of a reference in content and how its number prints (euros, plain numbers, durations), shared by the
 * loader and the editor's browser code (which must not import the loader's YAML and error modules), so the editor
 * shows a reference exactly as pages print it.
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

/** A duration constant states its unit in its name (`consentMaxAgeSeconds`, `sidebarStateDays`). */
const DURATION_KEY = /(Seconds|Days)$/i;
const SECONDS_PER = { seconds: 1, days: 86_400 } as const;

/** The seconds a duration constant `key` of `value` stands for, or undefined when its name does not say its unit. */
export function durationSeconds(key: string, value: number): number | undefined {
  const unit = DURATION_KEY.exec(key)?.[1]?.toLowerCase() as keyof typeof SECONDS_PER | undefined;
  return unit ? value * SECONDS_PER[unit] : undefined;
}

/**
 * Digit grouping from five digits on: a year or a four-digit count reads "2025" in every language
 * ("2.025" would be a German decimal), while 31536000 still reads "31.536.000" / "31,536,000".
 */
const GROUPING = { useGrouping: 'min2' } as const;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per language and kind of number (`kind` names the options): creating one costs ~0.1 ms,
 * and every price reference asks (the editor's page list and titles on every keystroke).
 */
export function numberFormat(intl: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${intl} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intl, { ...GROUPING, ...options });
    formatters.set(key, format);
  }
  return format;
}

/** Plain numbers keep the digits they have (99.9 → "99,9"); only euro amounts are padded to cents. */
export function formatNumber(value: number, intl: string): string {
  return numberFormat(intl, 'number', { maximumFractionDigits: 2 }).format(value);
}

export function formatEuro(value: number, intl: string): string {
  const cents = !Number.isInteger(value);
  return numberFormat(intl, cents ? 'eur-cents' : 'eur', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A number of seconds in words of the page's language: "1 Jahr", "7 days", "1 an", "7 días". */
export function formatDuration(seconds: number, intl: string): string {
  const [unit, size] = durationUnit(seconds);
  // Intl puts an ordinary space between figure and unit; a no-break one keeps "1 año" on one line on a phone.
  return numberFormat(intl, `unit ${unit}`, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 2 })
    .format(seconds / size)
    .replace(/(\d) /g, '$1\u00a0');
}
