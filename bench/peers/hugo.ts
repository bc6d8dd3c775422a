/**
 * The synthetic pages as a Hugo site: one content file per page and language (translations by file name, so
 * Hugo links them itself), JSON front matter with the sections, and Go templates rendering the same markup.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type PeerPage, type Theme } from './convert.ts';

export const LANG_LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-2 text-xs font-semibold uppercase tracking-wide transition-colors';
export const MENU_LINK = 'flex min-h-11 items-center justify-between gap-4 rounded-control px-3 text-sm transition-colors';
export const FOOT_LINK = 'inline-flex min-h-11 items-center text-sm transition-colors';
/** The tick beside the current language in the language menu. */
export const CHECK =
  '<svg viewBox="0 0 16 16" aria-hidden="true" class="size-4 flex-none text-brand-600"><path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>';
export const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-control text-center text-balance font-semibold hyphens-none transition duration-200 ease-out-soft hover:-translate-y-px active:translate-y-0 min-h-12 px-5 py-3 text-base sm:px-6 bg-brand-600 text-white shadow-card hover:bg-brand-700 hover:shadow-raised';
export const CARD =
  'p-5 sm:p-6 rounded-card bg-white shadow-card ring-1 ring-slate-200 transition duration-300 ease-out-soft hover:-translate-y-0.5 hover:shadow-raised';
export const SUMMARY =
  'flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-control py-4 text-left font-semibold text-slate-900 hyphens-none [&amp;::-webkit-details-marker]:hidden';
export const CHEVRON =
  '<svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" class="size-5 text-slate-500 group-open:rotate-180 flex-none transition-transform duration-300 ease-out-soft"><path fill-rule="evenodd" d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" clip-rule="evenodd"></path></svg>';
export const CTA_LINK =
  'inline-flex min-h-12 items-center rounded-control px-6 py-3 font-semibold transition duration-200 ease-out-soft hover:-translate-y-px focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white bg-white text-brand-800 hover:bg-brand-50';
/** The fixed parts of each section and of the folded notes, as `site` writes them; every peer's templates use them. */
export const HERO = {
  open: 'class="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-20 pb-8 sm:pt-32 sm:pb-12 lg:pt-24"><div aria-hidden="true" class="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"></div><div class="relative mx-auto max-w-5xl px-gutter"><div class="text-left sm:text-center ">',
  title: 'class="mt-4 text-display font-extrabold sm:mt-5 text-slate-900 "',
  lead: 'data-hero-lead="" class="mt-4 text-base text-pretty text-slate-600 sm:mt-5 sm:text-lead sm:text-balance mx-auto max-w-3xl"',
  actions:
    'data-hero-actions="" class="mx-auto mt-6 flex max-w-sm flex-col gap-3 sm:mt-8 sm:max-w-none sm:flex-row sm:flex-wrap sm:items-center sm:gap-4 justify-start sm:justify-center"',
};
export const HEADING = 'class="mb-8 max-w-3xl sm:mb-12 mx-auto sm:text-center "';
export const FEATURE_LIST = 'class="grid gap-4 sm:gap-6  mx-auto max-w-2xl lg:max-w-none lg:grid-cols-3"';
export const FEATURE_ICON = 'class="inline-flex flex-none items-center justify-center rounded-control sm:size-11 size-10 bg-brand-50 text-brand-700"';
export const CTA_PANEL = 'class="rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 px-5 py-10 text-center text-white shadow-mock sm:px-16 sm:py-14"';
export const NOTES = {
  open: '<section aria-labelledby="claim-notes-title" class="bg-white pb-10 pt-2"><div class="mx-auto max-w-3xl px-page lg:max-w-page"><div class="max-sm:border-y max-sm:border-slate-200" data-fold="notes"><h2 id="claim-notes-title" class="text-slate-900 text-sm font-semibold sm:mb-3" data-fold-title="">',
  count: '<span class="font-normal text-slate-500 sm:hidden">',
  list: `</h2><details class="group"><summary aria-labelledby="claim-notes-title">${CHEVRON}</summary><div data-claim-notes=""><ol class="text-[0.8125rem] leading-normal text-slate-600 sm:text-sm lg:columns-2 lg:gap-x-12 [&amp;&gt;li]:mb-2 [&amp;&gt;li]:break-inside-avoid">`,
  number: 'class="w-5 flex-none text-right tabular-nums"',
  back: 'class="rounded-sm px-1 py-1 hover:underline"',
  close: '</ol></div></details></div></div></section>',
};

/** The page: head, header with both language lists, sections, notes, footer; URLs without a trailing slash, as ours. */
const PAGE = `{{- $t := site.Data.theme }}{{ $lang := .Lang -}}
{{- $family := slice }}{{ range .AllTranslations }}{{ $family = $family | append (dict "lang" .Lang "url" (partial "url.html" .)) }}{{ end -}}
<!DOCTYPE html>
<html lang="{{ $lang }}">
<head>{{ $t.headTop | safeHTML }}<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<meta name="keywords" content="{{ .Params.kw }}">
<link rel="canonical" href="{{ partial "url.html" . | absURL }}">
{{ range sort $family "lang" }}<link rel="alternate" hreflang="{{ .lang }}" href="{{ absURL .url }}">
{{ end }}{{ range $family }}{{ if eq .lang "de" }}<link rel="alternate" hreflang="x-default" href="{{ absURL .url }}">
{{ end }}{{ end }}<meta property="og:type" content="website">
<meta property="og:site_name" content="{{ site.Title }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:url" content="{{ partial "url.html" . | absURL }}">
<meta property="og:locale" content="{{ index $t.ogLocale $lang }}">{{ index $t.socialImage $lang | safeHTML }}
{{- range sort $family "lang" }}{{ if ne .lang $lang }}<meta property="og:locale:alternate" content="{{ index $t.ogLocale .lang }}">
{{ end }}{{ end }}<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="{{ .Title }}">
<meta name="twitter:description" content="{{ .Description }}">{{ index $t.twitterImage $lang | safeHTML }}{{ $t.headEnd | safeHTML }}</head>
<body class="bg-white font-sans text-slate-800 antialiased">{{ index $t.headerStart $lang | safeHTML }}
{{- range $family }}<li><a href="{{ .url }}" hrefLang="{{ .lang }}" lang="{{ .lang }}"{{ if eq .lang $lang }} aria-current="page" class="${LANG_LINK} bg-slate-100 text-slate-900"{{ else }} class="${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900"{{ end }}><span aria-hidden="true">{{ .lang }}</span><span class="sr-only">{{ index $t.languageName .lang }}</span></a></li>{{ end -}}
{{ index $t.menuStart $lang | safeHTML }}
{{- range $family }}<li><a href="{{ .url }}" hrefLang="{{ .lang }}" lang="{{ .lang }}"{{ if eq .lang $lang }} aria-current="page" class="${MENU_LINK} bg-slate-100 font-semibold text-slate-900">{{ index $t.languageName .lang }}${CHECK}{{ else }} class="${MENU_LINK} text-slate-700 hover:bg-slate-100 hover:text-slate-900">{{ index $t.languageName .lang }}{{ end }}</a></li>{{ end -}}
{{ index $t.headerEnd $lang | safeHTML }}<main id="main" tabindex="-1" class="outline-none {{ if eq (index .Params.sections 0).type "hero" }}-mt-16{{ end }}">
{{- range $i, $s := .Params.sections }}{{ partial (printf "sections/%s.html" $s.type) (dict "s" $s "i" $i "t" $t) }}{{ end -}}
{{ with .Params.notes }}{{ partial "notes.html" (dict "notes" . "title" (index $t.notesTitle $lang)) }}{{ end -}}
</main>{{ index $t.footerStart $lang | safeHTML }}
{{- range $family }}<li><a href="{{ .url }}" hrefLang="{{ .lang }}" lang="{{ .lang }}"{{ if eq .lang $lang }} aria-current="page" class="${FOOT_LINK} font-semibold text-white"{{ else }} class="${FOOT_LINK} text-slate-400 hover:text-white"{{ end }}>{{ index $t.languageName .lang }}</a></li>{{ end -}}
{{ index $t.footerEnd $lang | safeHTML }}</body>
</html>
`;

/** A page's path as ours: Hugo's without its trailing slash, but the root's. */
// (Hugo's `return` takes no pipeline.)
const URL = '{{ return default "/" (strings.TrimSuffix "/" .RelPermalink) }}';

const NOTES_PARTIAL = `${NOTES.open}{{ .title }}${NOTES.count} ({{ len .notes }})</span>${NOTES.list}
{{- range $n, $note := .notes }}{{ $number := add $n 1 }}<li id="{{ $note.id }}" value="{{ $number }}" data-claim-note="{{ $note.key }}" class="flex gap-2"><span ${NOTES.number}><a href="#ref-{{ $number }}" id="note-{{ $number }}" aria-label="{{ $note.back }}" ${NOTES.back}>{{ $note.mark }}</a></span><span>{{ $note.textHtml | safeHTML }}</span></li>{{ end -}}
${NOTES.close}`;

/** The section partials; their markup, classes included, is what \`site\` writes for the same section. */
export const SECTIONS: Record<string, string> = {
  hero: `{{ $id := printf "hero-%d-title" .i }}<section aria-labelledby="{{ $id }}" ${HERO.open}<h1 id="{{ $id }}" ${HERO.title}>{{ .s.titleHtml | safeHTML }}</h1><p ${HERO.lead}>{{ .s.leadHtml | safeHTML }}</p><div ${HERO.actions}>{{ range .s.actions }}<a href="{{ .href }}" class="${BUTTON}">{{ .labelHtml | safeHTML }}</a>{{ end }}</div></div></div></section>`,
  features: `<section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${HEADING}><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900">{{ .s.titleHtml | safeHTML }}</h2></div><ul ${FEATURE_LIST}>{{ $t := .t }}{{ range .s.items }}<li class="${CARD}"><div class="flex items-center gap-3 lg:block"><span ${FEATURE_ICON}>{{ index $t.icons .icon | safeHTML }}</span><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900">{{ .titleHtml | safeHTML }}</h3></div><p class="mt-2 text-slate-600">{{ .textHtml | safeHTML }}</p></li>{{ end }}</ul></div></section>`,
  faq: `<section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto max-w-3xl px-gutter"><div ${HEADING}><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900">{{ .s.titleHtml | safeHTML }}</h2></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{{ range .s.items }}<details class="group px-4 py-1 sm:px-6"><summary class="${SUMMARY}">{{ .questionHtml | safeHTML }}${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600">{{ .answerHtml | safeHTML }}</div></details>{{ end }}</div></div></section>`,
  cta: `{{ $id := printf "cta-%d-title" .i }}<section aria-labelledby="{{ $id }}" class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${CTA_PANEL}><h2 id="{{ $id }}" class="text-h2 font-bold">{{ .s.titleHtml | safeHTML }}</h2><div class="mt-8 flex flex-wrap justify-center gap-4">{{ range .s.actions }}<a href="{{ .href }}" class="${CTA_LINK}">{{ .labelHtml | safeHTML }}</a>{{ end }}</div></div></div></section>`,
};

export const contentFile = (page: PeerPage): string =>
  page.slug ? path.join('content', page.slug, `index.${page.lang}.md`) : path.join('content', `_index.${page.lang}.md`);

export function frontMatter(page: PeerPage): string {
  const { title, description, keywords, sections, notes } = page;
  return `${JSON.stringify({ title, description, kw: keywords, translationKey: page.slug || 'home', sections, notes }, null, 1)}\n`;
}

/** Writes the Hugo project into `dir`. */
export async function writeHugo(dir: string, theme: Theme, pages: PeerPage[]): Promise<void> {
  const languages = Object.fromEntries(LOCALES.map((lang, i) => [lang, { weight: i + 1, languageCode: lang }]));
  const config = {
    baseURL: 'https://www.ki-zentrale.de/',
    title: 'KI-Zentrale',
    defaultContentLanguage: 'de',
    defaultContentLanguageInSubdir: false,
    disableKinds: ['taxonomy', 'term', 'RSS', 'sitemap', '404', 'robotsTXT'],
    // Ours writes no generator tag; Hugo adds one to the home page unless told not to.
    disableHugoGeneratorInject: true,
    languages,
  };
  await mkdir(path.join(dir, 'layouts/_default'), { recursive: true });
  await mkdir(path.join(dir, 'layouts/partials/sections'), { recursive: true });
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(path.join(dir, 'config.json'), JSON.stringify(config, null, 1));
  await writeFile(path.join(dir, 'data/theme.json'), JSON.stringify(theme));
  await writeFile(path.join(dir, 'layouts/partials/page.html'), PAGE);
  await writeFile(path.join(dir, 'layouts/partials/url.html'), URL);
  await writeFile(path.join(dir, 'layouts/partials/notes.html'), NOTES_PARTIAL);
  await writeFile(path.join(dir, 'layouts/_default/single.html'), '{{ partial "page.html" . }}');
  await writeFile(path.join(dir, 'layouts/index.html'), '{{ partial "page.html" . }}');
  for (const [name, markup] of Object.entries(SECTIONS)) await writeFile(path.join(dir, `layouts/partials/sections/${name}.html`), markup);
  await Promise.all(
    pages.map(async (page) => {
      const file = path.join(dir, contentFile(page));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, frontMatter(page));
    }),
  );
}
