import { formatLocation } from '../../errors/site-error.ts';
import { summaryLine } from './report.ts';
import { statusTotals, type TranslationIssue, type TranslationStatus } from './status.ts';

/**
 * The translation status as a static page for authors, at TRANSLATIONS_PATH: only in `site dev` and
 * `site build --drafts` output, `noindex`, in no sitemap. Its stylesheet is a file beside it, so the site's
 * Content-Security-Policy (`style-src 'self'`, no inline styles) allows it unchanged.
 */
export const TRANSLATIONS_PATH = '/_translations/';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATE_LABEL: Record<TranslationIssue['state'], string> = { missing: 'missing', untranslated: 'untranslated', stale: 'stale' };

const CSS = `:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
body{margin:0 auto;max-width:72rem;padding:2rem 1rem;line-height:1.5}
h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1.25rem;margin:2rem 0 .5rem}
p{color:#475569;margin:.25rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.9375rem}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
th{color:#334155;font-weight:600;background:#f8fafc}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.state{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.8125rem;font-weight:600}
.missing{background:#fef2f2;color:#991b1b}.untranslated{background:#fef3c7;color:#92400e}.stale{background:#e1e3fd;color:#382f98}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875em;overflow-wrap:anywhere}
q{quotes:none}
@media (max-width:40rem){table,thead,tbody,tr,th,td{display:block}thead{display:none}td,td.n{border:0;padding:.125rem 0;text-align:left}tr{border-bottom:1px solid #e2e8f0;padding:.5rem 0}td::before{content:attr(data-label);display:inline-block;min-width:7.5rem;color:#475569;font-weight:600}}
`;

export function translationPage(status: TranslationStatus): { html: string; css: string } {
  // Every figure of the summary is the sum of the table's rows (strings of a page without a file are missing too).
  const summary = summaryLine(status);
  const totals = statusTotals(status);
  const neverRecorded = totals.neverRecorded
    .map(
      (p) =>
        `<li><code>${escape(p.file)}</code>: ${p.stale} ${p.stale === 1 ? 'string' : 'strings'} never recorded as translated; check them, then run <code>site translations --accept ${escape(`${p.locale}:${p.page}`)}</code></li>`,
    )
    .join('\n');
  const pageRows = status.pages
    .map(
      (p) =>
        `<tr><td data-label="Locale">${escape(p.locale)}</td><td data-label="Page">${escape(p.page)}${p.required ? ' (required)' : ''}</td><td data-label="File"><code>${escape(p.file)}</code>${p.exists ? '' : ' — no file'}</td><td class="n" data-label="Strings">${p.strings}</td><td class="n" data-label="Missing">${p.missing}</td><td class="n" data-label="Untranslated">${p.untranslated}</td><td class="n" data-label="Stale">${status.tracked ? p.stale : '–'}</td></tr>`,
    )
    .join('\n');
  const issueRows = status.issues
    .map(
      (i) =>
        `<tr><td data-label="State"><span class="state ${i.state}">${STATE_LABEL[i.state]}</span></td><td data-label="Locale · page">${escape(i.locale)} · ${escape(i.page)}</td><td data-label="Where"><code>${escape(formatLocation(i.location))}</code><br><code>${escape(i.path)}</code></td><td data-label="Source"><q>${escape(i.source)}</q></td><td data-label="Translation">${i.translation === undefined ? '—' : `<q>${escape(i.translation)}</q>`}</td></tr>`,
    )
    .join('\n');
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Translation status</title>
<link rel="stylesheet" href="${TRANSLATIONS_PATH}status.css">
</head>
<body>
<main>
<h1>Translation status</h1>
<p>Source language: ${escape(status.defaultLocale)}. ${escape(summary)}. Only in <code>site dev</code> and <code>site build --drafts</code>; run <code>site translations</code> for the same in the terminal.</p>
<h2 id="pages">Pages</h2>
<table aria-labelledby="pages">
<thead><tr><th scope="col">Locale</th><th scope="col">Page</th><th scope="col">File</th><th scope="col">Strings</th><th scope="col">Missing</th><th scope="col">Untranslated</th><th scope="col">Stale</th></tr></thead>
<tbody>
${pageRows}
</tbody>
</table>
${neverRecorded ? `<h2 id="never-recorded">Never recorded</h2>\n<p>Files not yet accepted once (a new language): their stale strings are counted in the table, not listed one by one.</p>\n<ul>\n${neverRecorded}\n</ul>\n` : ''}<h2 id="strings">Open strings</h2>
${
  status.issues.length
    ? `<table aria-labelledby="strings">
<thead><tr><th scope="col">State</th><th scope="col">Locale · page</th><th scope="col">Where</th><th scope="col">Source</th><th scope="col">Translation</th></tr></thead>
<tbody>
${issueRows}
</tbody>
</table>`
    : `<p>${totals.missing + totals.untranslated + totals.stale ? 'None to list one by one: the counts above are pages without a file or files never recorded.' : 'Every string is translated and up to date.'}</p>`
}
</main>
</body>
</html>
`;
  return { html, css: CSS };
}

/** The page's files by URL, as the build writes them and `site dev` serves them. */
export function translationPageFiles(status: TranslationStatus): Map<string, string> {
  const { html, css } = translationPage(status);
  return new Map([
    [`${TRANSLATIONS_PATH}index.html`, html],
    [`${TRANSLATIONS_PATH}status.css`, css],
  ]);
}
