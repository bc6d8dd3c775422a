import type { LocaleStrings } from '../schema/locale.ts';
import type { LocaleCode } from '../schema/site.ts';
import { typographicMarks } from './typography-marks.ts';

const NARROW_NO_BREAK_SPACE = '\u202f';
const NO_BREAK_SPACE = '\u00a0';

/**
 * French spacing: a narrow no-break space before ? ! ; and a no-break space before : and inside « »,
 * so a mark never wraps onto a line of its own. Only spaces the author typed are replaced; a mark
 * without one (a URL, a time such as 10:30) is left alone.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \t\n]+(?=[?!;])/g, NARROW_NO_BREAK_SPACE)
    .replace(/[ \t\n]+(?=:)/g, NO_BREAK_SPACE)
    .replace(/«[ \t\n\u00a0]*/g, `«${NO_BREAK_SPACE}`)
    .replace(/[ \t\n\u00a0]*»/g, `${NO_BREAK_SPACE}»`);
}

/** In every language a figure stays on the line of its unit: "85–100 %" must not wrap before the "%". */
export function unitSpacing(text: string): string {
  return text.replace(/(\d)[ \t\n]+(?=[%€])/g, `$1${NO_BREAK_SPACE}`);
}

/**
 * Spacing rules per language, applied when a page is rendered: authors type ordinary spaces (which they
 * can see and search for) and every string of the page gets the rules, including island props and meta.
 */
const SPACING: Record<LocaleCode, (text: string) => string> = {
  de: (text) => typographicMarks(unitSpacing(text)),
  en: (text) => typographicMarks(unitSpacing(text)),
  es: (text) => typographicMarks(unitSpacing(text)),
  fr: (text) => typographicMarks(frenchSpacing(unitSpacing(text))),
};

const NOTHING_KEPT: ReadonlySet<string> = new Set();

/** `value` with every string in it set in the locale's typography, except the `keep` strings (tagged `!verbatim`). */
export function withTypography<T>(value: T, locale: LocaleCode, keep: ReadonlySet<string> = NOTHING_KEPT): T {
  const rule = SPACING[locale];
  const apply = (v: unknown): unknown => {
    if (typeof v === 'string') return keep.has(v) ? v : rule(v);
    if (Array.isArray(v)) return v.map(apply);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, apply(inner)]));
    return v;
  };
  return apply(value) as T;
}

/**
 * A locale's UI strings in its typography, except what SPEC §3/§5/§8 quote to the letter: the form
 * notices (toasts) and the sending label stay exactly as typed, and so does the subject the chat demo
 * sends (a payload value, not text).
 */
export function localeTypography(strings: LocaleStrings, locale: LocaleCode, keep?: ReadonlySet<string>): LocaleStrings {
  const set = withTypography(strings, locale, keep);
  const { forms, chatDemo } = strings;
  const notices = (variant: LocaleStrings['forms']['business']) => ({ success: variant.success, error: variant.error, consentMissing: variant.consentMissing });
  return {
    ...set,
    forms: {
      ...set.forms,
      sending: forms.sending,
      business: { ...set.forms.business, ...notices(forms.business) },
      education: { ...set.forms.education, ...notices(forms.education) },
    },
    chatDemo: { ...set.chatDemo, subject: chatDemo.subject },
  };
}
