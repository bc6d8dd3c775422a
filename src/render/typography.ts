import type { LocaleStrings, Typography } from '../schema/locale.ts';
import { typographicMarks } from './typography-marks.ts';
import { remembered } from './text-memo.ts';

const NARROW_NO_BREAK_SPACE = '\u202f';
const NO_BREAK_SPACE = '\u00a0';

/** Ordinary spaces an author may type, including a line break that YAML folding left in place. */
const TYPED_SPACE = '[ \\t\\n]+';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (marks: readonly string[]) => marks.map(escapeRegExp).join('|');

/**
 * A language's spacing rules (its `typography` settings in locales/<code>.yaml) as one function over
 * text. Only spaces the author typed are replaced: a mark typed without one (a URL, a time such as
 * 10:30) is left alone, so a rule can never glue text together.
 */
export function spacingRules(settings: Typography): (text: string) => string {
  let rules = spacingOf.get(settings);
  if (!rules) spacingOf.set(settings, (rules = compileSpacing(settings)));
  return rules;
}

/** Each language's spacing rules compiled once: the offer and the claim notes ask for them on every page. */
const spacingOf = new WeakMap<Typography, (text: string) => string>();

function compileSpacing(settings: Typography): (text: string) => string {
  const steps: ((text: string) => string)[] = [];
  if (settings.noBreakBeforeUnits.length > 0) {
    const units = new RegExp(`(\\d)${TYPED_SPACE}(?=${anyOf(settings.noBreakBeforeUnits)})`, 'g');
    steps.push((text) => text.replace(units, `$1${NO_BREAK_SPACE}`));
  }
  if (settings.narrowNoBreakBefore.length > 0) {
    const narrow = new RegExp(`${TYPED_SPACE}(?=${anyOf(settings.narrowNoBreakBefore)})`, 'g');
    steps.push((text) => text.replace(narrow, NARROW_NO_BREAK_SPACE));
  }
  if (settings.noBreakBefore.length > 0) {
    const wide = new RegExp(`${TYPED_SPACE}(?=${anyOf(settings.noBreakBefore)})`, 'g');
    steps.push((text) => text.replace(wide, NO_BREAK_SPACE));
  }
  if (settings.noBreakAfter.length > 0) {
    const after = new RegExp(`(?<![\\p{L}\\p{N}])(${anyOf(settings.noBreakAfter)})${TYPED_SPACE}(?=[\\p{L}\\p{N}])`, 'gu');
    steps.push((text) => text.replace(after, `$1${NO_BREAK_SPACE}`));
  }
  if (settings.guillemetSpacing) {
    steps.push((text) => text.replace(/«[ \t\n\u00a0]*/g, `«${NO_BREAK_SPACE}`).replace(/[ \t\n\u00a0]*»/g, `${NO_BREAK_SPACE}»`));
  }
  return (text) => steps.reduce((out, step) => step(out), text);
}

const compiled = new WeakMap<Typography, (text: string) => string>();

/** The language's spacing rules, then the marks every language gets (apostrophes, ranges: typography-marks.ts). */
function rulesOf(settings: Typography): (text: string) => string {
  let rule = compiled.get(settings);
  if (!rule) {
    const spacing = spacingRules(settings);
    // Pages repeat many texts (a lead, a call to action, an FAQ answer): each is set once per language, not through a
    // dozen regular expressions on every page that shows it.
    const memo = new Map<string, string>();
    rule = (text) => remembered(memo, text, (t) => typographicMarks(spacing(t)));
    compiled.set(settings, rule);
  }
  return rule;
}

/** A copy of `record` with `map` applied to each own enumerable value, in key order (as Object.fromEntries makes it). */
function mapValues(record: object, map: (value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const value = map((record as Record<string, unknown>)[key]);
    // `__proto__` from YAML is a key like any other: an own property, as Object.fromEntries would define it.
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

const NOTHING_KEPT: ReadonlySet<string> = new Set();

/**
 * `value` with every string in it set in a language's typography, applied when a page is rendered:
 * authors type ordinary spaces and every string of the page gets the rules, including island props and meta;
 * the `keep` strings (tagged `!verbatim`: the spec quotes them to the letter) are left as typed.
 */
export function withTypography<T>(value: T, settings: Typography, keep: ReadonlySet<string> = NOTHING_KEPT): T {
  const rule = rulesOf(settings);
  const apply = (v: unknown): unknown => {
    if (typeof v === 'string') return keep.has(v) ? v : rule(v);
    if (Array.isArray(v)) return v.map(apply);
    if (v && typeof v === 'object') return mapValues(v, apply);
    return v;
  };
  return apply(value) as T;
}

/**
 * A locale's UI strings in its own typography, except what SPEC §3/§5/§8 quote to the letter: the form
 * notices (toasts) and the sending label stay exactly as typed, and so does the subject the chat demo
 * sends (a payload value, not text).
 */
export function localeTypography(strings: LocaleStrings, keep?: ReadonlySet<string>): LocaleStrings {
  const set = withTypography(strings, strings.typography, keep);
  const { forms, chatDemo } = strings;
  const notices = (variant: LocaleStrings['forms']['business']) => ({ success: variant.success, error: variant.error, consentMissing: variant.consentMissing });
  return {
    ...set,
    typography: strings.typography,
    forms: {
      ...set.forms,
      sending: forms.sending,
      business: { ...set.forms.business, ...notices(forms.business) },
      education: { ...set.forms.education, ...notices(forms.education) },
    },
    chatDemo: { ...set.chatDemo, subject: chatDemo.subject },
  };
}
