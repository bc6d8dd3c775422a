/**
 * Per-language typography rules, as pure functions of one string. `contentRules` run on what an author
 * typed (references masked) and report what only a writer can fix, each with the fix; `renderedRules` run
 * on the text of a built page and confirm what the renderer sets (no-break spaces, apostrophes, ranges).
 */

export interface TypoIssue {
  code: TypoCode;
  /** Index in the string where the problem starts. */
  index: number;
  found: string;
  fix: string;
  message: string;
}

export type TypoCode = 'typo-quotes' | 'typo-apostrophe' | 'typo-space-fr' | 'typo-unit-space' | 'typo-inverted-mark' | 'typo-range' | 'typo-number';

export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';
const WORD_JOINER = '\u2060';

/** Quotation marks per language: primary and secondary (quotes inside quotes). */
export const QUOTES: Record<string, { open: string; close: string; innerOpen: string; innerClose: string }> = {
  de: { open: '„', close: '“', innerOpen: '‚', innerClose: '‘' },
  en: { open: '“', close: '”', innerOpen: '‘', innerClose: '’' },
  fr: { open: `«${NBSP}`, close: `${NBSP}»`, innerOpen: '“', innerClose: '”' },
  es: { open: '«', close: '»', innerOpen: '“', innerClose: '”' },
};

const show = (s: string) =>
  JSON.stringify(s)
    .replace(/\u00a0/g, '⍽')
    .replace(/\u202f/g, '⁀')
    .replace(/\u2060/g, '⁠');

/** The language of a locale code (`de`, `fr-CA` → `fr`). */
export const languageOf = (locale: string) => locale.slice(0, 2).toLowerCase();

function each(text: string, pattern: RegExp, make: (m: RegExpExecArray) => TypoIssue | undefined): TypoIssue[] {
  const out: TypoIssue[] = [];
  for (const m of text.matchAll(pattern)) {
    const issue = make(m as RegExpExecArray);
    if (issue) out.push(issue);
  }
  return out;
}

function quotes(text: string, lang: string): TypoIssue[] {
  const q = QUOTES[lang];
  if (!q) return [];
  const quote = (inner: string) => `${q.open}${inner.trim()}${q.close}`;
  const out: TypoIssue[] = [];
  out.push(
    ...each(text, /"([^"]*)"/g, (m) => ({
      code: 'typo-quotes',
      index: m.index,
      found: m[0],
      fix: quote(m[1]!),
      message: `straight quotation marks: ${lang} text uses ${q.open.trim()}…${q.close.trim()}`,
    })),
  );
  const last = text.lastIndexOf('"');
  if ((text.split('"').length - 1) % 2 === 1)
    out.push({ code: 'typo-quotes', index: last, found: '"', fix: q.open.trim(), message: 'a straight quotation mark without its pair' });
  // 'word' used as quotation marks (an apostrophe inside a word is the renderer's).
  out.push(
    ...each(text, /(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu, (m) => ({
      code: 'typo-quotes',
      index: m.index,
      found: m[0],
      fix: `${q.innerOpen}${m[1]}${q.innerClose}`,
      message: `straight single quotation marks: ${lang} text uses ${q.innerOpen}…${q.innerClose}`,
    })),
  );
  const wrong: RegExp | undefined = {
    de: /“([^”„“]*)”|«([^»]*)»|»([^«]*)«/g,
    en: /„([^“”]*)[“”]|«([^»]*)»/g,
    fr: /„([^“”]*)[“”]/g,
    es: /„([^“”]*)[“”]/g,
  }[lang];
  if (wrong)
    out.push(
      ...each(text, wrong, (m) => ({
        code: 'typo-quotes',
        index: m.index,
        found: m[0],
        fix: quote(m[1] ?? m[2] ?? m[3] ?? ''),
        message: `these are not ${lang} quotation marks`,
      })),
    );
  return out;
}

function frenchSpacing(text: string): TypoIssue[] {
  return [
    ...each(text, /(?<=[\p{L}\p{N})\]»”’%€])([;!?])/gu, (m) => ({
      code: 'typo-space-fr',
      index: m.index,
      found: m[1]!,
      fix: `${NARROW_NBSP}${m[1]}`,
      message: `French sets a narrow no-break space before “${m[1]}”`,
    })),
    ...each(text, /(?<=[\p{L})\]»”’%€]):(?=\s|$)/gu, (m) => ({
      code: 'typo-space-fr',
      index: m.index,
      found: ':',
      fix: `${NBSP}:`,
      message: 'French sets a no-break space before “:”',
    })),
    ...each(text, /«(?![\s\u00a0\u202f])/g, (m) => ({
      code: 'typo-space-fr',
      index: m.index,
      found: '«',
      fix: `«${NBSP}`,
      message: 'French sets a no-break space inside « »',
    })),
    ...each(text, /(?<![\s\u00a0\u202f])»/g, (m) => ({
      code: 'typo-space-fr',
      index: m.index,
      found: '»',
      fix: `${NBSP}»`,
      message: 'French sets a no-break space inside « »',
    })),
  ];
}

function unitSpacing(text: string, lang: string): TypoIssue[] {
  const out = each(text, /(?<=\d)(GB|MB|TB|KB|GHz|km|kg)\b/g, (m) => ({
    code: 'typo-unit-space',
    index: m.index,
    found: m[0],
    fix: `${NBSP}${m[1]}`,
    message: `a space between a figure and its unit (${m[1]})`,
  }));
  if (lang === 'en') {
    out.push(
      ...each(text, /(\d)[ \u00a0\u202f]%/g, (m) => ({
        code: 'typo-unit-space',
        index: m.index + 1,
        found: m[0].slice(1),
        fix: '%',
        message: 'English writes the percent sign straight after the figure (53%)',
      })),
    );
    out.push(
      ...each(text, /(?<![\d.,])(\d[\d.,]*)[ \u00a0]?€/g, (m) => ({
        code: 'typo-unit-space',
        index: m.index,
        found: m[0],
        fix: `€${m[1]}`,
        message: 'English writes the euro sign before the figure (€17)',
      })),
    );
  } else if (['de', 'fr', 'es'].includes(lang)) {
    out.push(
      ...each(text, /(?<=\d)([%€])/g, (m) => ({
        code: 'typo-unit-space',
        index: m.index,
        found: m[1]!,
        fix: `${NBSP}${m[1]}`,
        message: `${lang} sets a no-break space between a figure and “${m[1]}” (53 %)`,
      })),
    );
  }
  return out;
}

/** Spanish opens a question or exclamation with ¿ / ¡: the sentence from its start to the mark needs one. */
function invertedMarks(text: string): TypoIssue[] {
  const out: TypoIssue[] = [];
  for (const m of text.matchAll(/[?!]+/g)) {
    const marks = m[0];
    let start = m.index;
    while (start > 0 && !/[.?!:;\n…]/.test(text[start - 1]!)) start--;
    const sentence = text.slice(start, m.index);
    for (const [close, open] of [
      ['?', '¿'],
      ['!', '¡'],
    ] as const) {
      if (!marks.includes(close) || sentence.includes(open)) continue;
      const lead = sentence.length - sentence.trimStart().length;
      // A closing mark right after another one (¿…?!) or inside a sentence that only ends in it is the writer's.
      if (!sentence.trim()) continue;
      out.push({
        code: 'typo-inverted-mark',
        index: start + lead,
        found: `${sentence.trim()}${close}`,
        fix: `${open}${sentence.trim()}${close}`,
        message: `Spanish opens this ${close === '?' ? 'question' : 'exclamation'} with “${open}”`,
      });
    }
  }
  return out;
}

function ranges(text: string): TypoIssue[] {
  return each(text, /(?<![\d.,/+\-–\p{L}])(?<!\+[\d \u00a0]*)(\d{1,4})[ \u00a0]?-[ \u00a0]?(\d{1,4})(?![\d/.,\-–]?\d|\p{L}|-)/gu, (m) => ({
    code: 'typo-range',
    index: m.index,
    found: m[0],
    fix: `${m[1]}–${m[2]}`,
    message: 'a range of figures takes an en dash (–), not a hyphen',
  }));
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(intl: string): Intl.NumberFormat {
  let format = formats.get(intl);
  if (!format) formats.set(intl, (format = new Intl.NumberFormat(intl, { useGrouping: true, maximumFractionDigits: 0 })));
  return format;
}

/** Figures with thousands separators are written the way Intl formats them for the locale (1.000 / 1 000 / 1,000). */
function numbers(text: string, lang: string, intl: string): TypoIssue[] {
  const separators = lang === 'fr' ? '[., \\u00a0\\u202f]' : '[.,\\u00a0\\u202f]';
  const pattern = new RegExp(`(?<![\\d.,\\u00a0\\u202f])\\d{1,3}(?:${separators}\\d{3})+(?![\\d]|[.,]\\d)`, 'g');
  return each(text, pattern, (m) => {
    const digits = m[0].replace(/\D/g, '');
    const expected = numberFormat(intl).format(Number(digits));
    if (expected === m[0]) return undefined;
    return { code: 'typo-number', index: m.index, found: m[0], fix: expected, message: `${intl} writes this figure ${show(expected)} (Intl.NumberFormat)` };
  });
}

/** What a writer must fix in a string typed for `locale` (`intl`: its BCP 47 tag). References must be masked. */
export function contentRules(text: string, locale: string, intl = locale): TypoIssue[] {
  const lang = languageOf(locale);
  const out = [...quotes(text, lang), ...unitSpacing(text, lang), ...ranges(text), ...numbers(text, lang, intl)];
  out.push(
    ...each(text, /(?<=\p{L})[‘`´](?=\p{L})/gu, (m) => ({ code: 'typo-apostrophe', index: m.index, found: m[0], fix: '’', message: 'the apostrophe is ’' })),
  );
  if (lang === 'fr') out.push(...frenchSpacing(text));
  if (lang === 'es') out.push(...invertedMarks(text));
  return out.sort((a, b) => a.index - b.index);
}

/** What must hold in the text of a built page: the renderer's marks are there, no keyboard stand-ins are left. */
export function renderedRules(text: string, locale: string): TypoIssue[] {
  const lang = languageOf(locale);
  const out: TypoIssue[] = [];
  out.push(
    ...each(text, /(?<=\p{L})'(?=\p{L})|(?<=\p{L}s)'(?![\p{L}\p{N}])/gu, (m) => ({
      code: 'typo-apostrophe',
      index: m.index,
      found: "'",
      fix: '’',
      message: 'a straight apostrophe on the page',
    })),
  );
  out.push(
    ...each(text, /(?<!\p{L})'|(?<=\p{L}[^s])'(?![\p{L}\p{N}])/gu, (m) => ({
      code: 'typo-quotes',
      index: m.index,
      found: "'",
      fix: QUOTES[lang]?.innerOpen ?? '‘',
      message: 'a straight single quotation mark on the page',
    })),
  );
  out.push(
    ...each(text, /"/g, (m) => ({
      code: 'typo-quotes',
      index: m.index,
      found: '"',
      fix: QUOTES[lang]?.open.trim() ?? '“',
      message: 'a straight quotation mark on the page',
    })),
  );
  out.push(
    ...each(text, /\d[ \t\n]+–[ \t\n]*\d|\d[ \t\n]*–[ \t\n]+\d/g, (m) => ({
      code: 'typo-range',
      index: m.index,
      found: m[0],
      fix: m[0].replace(/[ \t\n]+/g, NBSP),
      message: 'a range breaks across lines at an ordinary space',
    })),
  );
  out.push(
    ...each(text, /\d–(?!\u2060)\d/g, (m) => ({
      code: 'typo-range',
      index: m.index,
      found: m[0],
      fix: `${m[0].slice(0, 2)}${WORD_JOINER}${m[0].slice(2)}`,
      message: 'a range may break after its dash (no word joiner)',
    })),
  );
  if (lang !== 'en')
    out.push(
      ...each(text, /\d[ \t\n]+[%€]/g, (m) => ({
        code: 'typo-unit-space',
        index: m.index,
        found: m[0],
        fix: `${m[0][0]}${NBSP}${m[0].slice(-1)}`,
        message: 'a figure and its unit may break apart (ordinary space)',
      })),
    );
  if (lang === 'fr') {
    out.push(
      ...each(text, new RegExp(`[ \\t\\n]+[?!;:»]|«[ \\t\\n]+`, 'g'), (m) => ({
        code: 'typo-space-fr',
        index: m.index,
        found: m[0],
        fix: m[0].replace(/[ \t\n]+/, /[?!;]/.test(m[0]) ? NARROW_NBSP : NBSP),
        message: 'an ordinary space where French needs a no-break one',
      })),
    );
    out.push(...frenchSpacing(text).filter((i) => !/https?$/.test(text.slice(0, i.index))));
  }
  return out.sort((a, b) => a.index - b.index);
}

export { show };
