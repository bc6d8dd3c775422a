/**
 * The synthetic pages as a Hugo site: one content file per page and language (translations by file name, so
 * Hugo links them itself), JSON front matter with the sections, and Go templates rendering the same markup.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type PeerPage, type Theme } from './convert.ts';

export const LANG_LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-2 text-xs font-semibold uppercase tracking-wide transition-colors';
export const FOOT_LINK = 'inline-flex min-h-11 items-center text-sm transition-colors';

const PAGE = `{{ $t := site.Data.theme }}{{ $p := . }}<!DOCTYPE html>
<html lang="{{ .Lang }}"><head>{{ $t.headTop | safeHTML }}<title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"><meta name="keywords" content="{{ .Params.kw }}"><link rel="canonical" href="{{ .Permalink }}">
{{- range sort .AllTranslations "Lang" }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .Permalink }}">{{ end -}}
{{- range .AllTranslations }}{{ if eq .Lang "de" }}<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">{{ end }}{{ end -}}
<meta property="og:type" content="website"><meta property="og:site_name" content="{{ site.Title }}"><meta property="og:title" content="{{ .Title }}"><meta property="og:description" content="{{ .Description }}"><meta property="og:url" content="{{ .Permalink }}"><meta property="og:locale" content="{{ index $t.ogLocale .Lang }}">{{ index $t.socialImage .Lang | safeHTML }}
{{- range sort .Translations "Lang" }}<meta property="og:locale:alternate" content="{{ index $t.ogLocale .Lang }}">{{ end -}}
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="{{ .Title }}"><meta name="twitter:description" content="{{ .Description }}">{{ index $t.twitterImage .Lang | safeHTML }}{{ $t.headEnd | safeHTML }}</head>
<body class="bg-white font-sans text-slate-800 antialiased">{{ index $t.headerStart .Lang | safeHTML }}
{{- range .AllTranslations }}<li><a href="{{ .RelPermalink }}" hrefLang="{{ .Lang }}" lang="{{ .Lang }}"{{ if eq .Lang $p.Lang }} aria-current="page" class="${LANG_LINK} bg-slate-100 text-slate-900"{{ else }} class="${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900"{{ end }}><span aria-hidden="true">{{ .Lang }}</span><span class="sr-only">{{ index $t.languageName .Lang }}</span></a></li>{{ end -}}
{{ $t.headerEnd | safeHTML }}<main id="main" tabindex="-1" class="outline-none ">
{{- range $i, $s := .Params.sections }}{{ partial (printf "sections/%s.html" $s.type) (dict "s" $s "i" $i "t" $t) }}{{ end -}}
{{ with .Params.notes }}<section aria-labelledby="claim-notes-title" class="bg-white pb-10 pt-2"><div class="mx-auto max-w-3xl px-gutter" data-claim-notes=""><h2 id="claim-notes-title" class="mb-3 text-sm font-semibold text-slate-900">{{ index $t.notesTitle $p.Lang }}</h2><ol class="space-y-2 text-sm text-slate-600">{{ range $n, $note := . }}<li id="{{ $note.id }}" value="{{ add $n 1 }}" data-claim-note="{{ $note.key }}" class="flex gap-2"><span aria-hidden="true" class="flex-none tabular-nums">{{ $note.mark }}</span><span>{{ $note.text | safeHTML }}</span></li>{{ end }}</ol></div></section>{{ end -}}
</main>{{ index $t.footerStart .Lang | safeHTML }}
{{- range .AllTranslations }}<li><a href="{{ .RelPermalink }}" hrefLang="{{ .Lang }}" lang="{{ .Lang }}"{{ if eq .Lang $p.Lang }} aria-current="page" class="${FOOT_LINK} font-semibold text-white"{{ else }} class="${FOOT_LINK} text-slate-400 hover:text-white"{{ end }}>{{ index $t.languageName .Lang }}</a></li>{{ end -}}
{{ index $t.footerEnd .Lang | safeHTML }}</body></html>
`;

export const BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition duration-200 ease-out-soft hover:-translate-y-px active:translate-y-0 min-h-12 px-6 py-3 text-base bg-brand-600 text-white shadow-card hover:bg-brand-700 hover:shadow-raised';
export const CARD =
  'p-5 sm:p-6 rounded-card bg-white shadow-card ring-1 ring-slate-200 transition duration-300 ease-out-soft hover:-translate-y-0.5 hover:shadow-raised';
export const SUMMARY =
  'flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-control py-4 text-left font-semibold text-slate-900 [&amp;::-webkit-details-marker]:hidden';
export const CHEVRON =
  '<svg viewBox="0 0 20 20" aria-hidden="true" fill="currentColor" class="size-5 flex-none text-slate-500 transition-transform duration-300 ease-out-soft group-open:rotate-180"><path fill-rule="evenodd" d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" clip-rule="evenodd"></path></svg>';
export const CTA_LINK =
  'inline-flex min-h-12 items-center rounded-control px-6 py-3 font-semibold transition duration-200 ease-out-soft hover:-translate-y-px focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white bg-white text-brand-800 hover:bg-brand-50';

/** The section partials; their markup, classes included, is what `site` writes for the same section. */
export const SECTIONS: Record<string, string> = {
  hero: `{{ $id := printf "hero-%d-title" .i }}<section aria-labelledby="{{ $id }}" class="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-24 pb-8 sm:pt-32 sm:pb-12"><div aria-hidden="true" class="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"></div><div class="relative mx-auto px-gutter max-w-5xl"><div class="text-center"><h1 id="{{ $id }}" class="mt-5 text-display font-extrabold text-slate-900 ">{{ .s.title }}</h1><p class="mt-5 text-lead text-balance text-slate-600 mx-auto max-w-3xl">{{ .s.lead }}</p><div class="mx-auto mt-8 flex max-w-sm flex-wrap items-center gap-3 max-sm:[&amp;&gt;a]:flex-auto sm:max-w-none sm:gap-4 justify-center">{{ range .s.actions }}<a href="{{ .href }}" class="${BUTTON}">{{ .label }}</a>{{ end }}</div></div></div></section>`,
  features: `<section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-7xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900">{{ .s.title }}</h2></div><ul class="grid gap-4 sm:gap-6 mx-auto max-w-2xl lg:max-w-none lg:grid-cols-3">{{ $t := .t }}{{ range .s.items }}<li class="${CARD}"><div class="flex items-center gap-3 lg:block"><span class="inline-flex size-10 flex-none items-center justify-center rounded-control sm:size-11 bg-brand-50 text-brand-700">{{ index $t.icons .icon | safeHTML }}</span><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900">{{ .title }}</h3></div><p class="mt-2 text-slate-600">{{ .text }}</p></li>{{ end }}</ul></div></section>`,
  faq: `<section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-3xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900">{{ .s.title }}</h2></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{{ range .s.items }}<details class="group px-4 py-1 sm:px-6"><summary class="${SUMMARY}">{{ .question }}${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600">{{ .answer | safeHTML }}</div></details>{{ end }}</div></div></section>`,
  cta: `{{ $id := printf "cta-%d-title" .i }}<section aria-labelledby="{{ $id }}" class="bg-white py-section"><div class="mx-auto max-w-5xl px-gutter"><div class="rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 px-5 py-10 text-center text-white shadow-mock sm:px-16 sm:py-14"><h2 id="{{ $id }}" class="text-h2 font-bold">{{ .s.title }}</h2><div class="mt-8 flex flex-wrap justify-center gap-4">{{ range .s.actions }}<a href="{{ .href }}" class="${CTA_LINK}">{{ .label }}</a>{{ end }}</div></div></div></section>`,
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
    languages,
  };
  await mkdir(path.join(dir, 'layouts/_default'), { recursive: true });
  await mkdir(path.join(dir, 'layouts/partials/sections'), { recursive: true });
  await mkdir(path.join(dir, 'data'), { recursive: true });
  await writeFile(path.join(dir, 'config.json'), JSON.stringify(config, null, 1));
  await writeFile(path.join(dir, 'data/theme.json'), JSON.stringify(theme));
  await writeFile(path.join(dir, 'layouts/partials/page.html'), PAGE);
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
