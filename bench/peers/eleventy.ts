/**
 * The synthetic pages as an Eleventy 3 site: one Markdown file per page and language with JSON front matter, a
 * Nunjucks layout and section includes rendering the same markup, translations found through a collection
 * keyed by the family. Eleventy is installed outside the project's dependencies (see run.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pagePath, type PeerPage, type Theme } from './convert.ts';
import { BUTTON, CARD, CHEVRON, CTA_LINK, FOOT_LINK, LANG_LINK, SUMMARY } from './hugo.ts';

const ORIGIN = 'https://www.ki-zentrale.de';

const CONFIG = `export default function (config) {
  config.setNunjucksEnvironmentOptions({ autoescape: true });
  // Translations of a page: every page of its family, in the order the theme lists languages.
  config.addCollection('families', (api) => {
    const families = {};
    for (const item of api.getAll()) (families[item.data.key] ??= []).push({ lang: item.data.lang, url: item.url.replace(/\\/$/, '') || '/' });
    const order = ['de', 'fr', 'en', 'es'];
    for (const list of Object.values(families)) list.sort((a, b) => order.indexOf(a.lang) - order.indexOf(b.lang));
    return families;
  });
  config.addFilter('byLang', (list) => [...list].sort((a, b) => a.lang.localeCompare(b.lang)));
  return { dir: { input: 'pages', includes: '../_includes', data: '../_data' }, markdownTemplateEngine: false };
}
`;

const LAYOUT = `{% set t = theme %}{% set family = collections.families[key] %}<!DOCTYPE html>
<html lang="{{ lang }}"><head>{{ t.headTop | safe }}<title>{{ title }}</title><meta name="description" content="{{ description }}"><meta name="keywords" content="{{ kw }}"><link rel="canonical" href="${ORIGIN}{{ page.url }}">
{%- for p in family | byLang %}<link rel="alternate" hreflang="{{ p.lang }}" href="${ORIGIN}{{ p.url }}">{% endfor -%}
{%- for p in family %}{% if p.lang == "de" %}<link rel="alternate" hreflang="x-default" href="${ORIGIN}{{ p.url }}">{% endif %}{% endfor -%}
<meta property="og:type" content="website"><meta property="og:site_name" content="KI-Zentrale"><meta property="og:title" content="{{ title }}"><meta property="og:description" content="{{ description }}"><meta property="og:url" content="${ORIGIN}{{ page.url }}"><meta property="og:locale" content="{{ t.ogLocale[lang] }}">{{ t.socialImage[lang] | safe }}
{%- for p in family | byLang %}{% if p.lang != lang %}<meta property="og:locale:alternate" content="{{ t.ogLocale[p.lang] }}">{% endif %}{% endfor -%}
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="{{ title }}"><meta name="twitter:description" content="{{ description }}">{{ t.twitterImage[lang] | safe }}{{ t.headEnd | safe }}</head>
<body class="bg-white font-sans text-slate-800 antialiased">{{ t.headerStart[lang] | safe }}
{%- for p in family %}<li><a href="{{ p.url }}" hrefLang="{{ p.lang }}" lang="{{ p.lang }}"{% if p.lang == lang %} aria-current="page" class="${LANG_LINK} bg-slate-100 text-slate-900"{% else %} class="${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900"{% endif %}><span aria-hidden="true">{{ p.lang }}</span><span class="sr-only">{{ t.languageName[p.lang] }}</span></a></li>{% endfor -%}
{{ t.headerEnd | safe }}<main id="main" tabindex="-1" class="outline-none ">
{%- for s in sections %}{% set i = loop.index0 %}{% include "sections/" + s.type + ".njk" %}{% endfor -%}
{% if notes.length %}<section aria-labelledby="claim-notes-title" class="bg-white pb-10 pt-2"><div class="mx-auto max-w-3xl px-gutter" data-claim-notes=""><h2 id="claim-notes-title" class="mb-3 text-sm font-semibold text-slate-900">{{ t.notesTitle[lang] }}</h2><ol class="space-y-2 text-sm text-slate-600">{% for note in notes %}<li id="{{ note.id }}" value="{{ loop.index }}" data-claim-note="{{ note.key }}" class="flex gap-2"><span aria-hidden="true" class="flex-none tabular-nums">{{ note.mark }}</span><span>{{ note.text | safe }}</span></li>{% endfor %}</ol></div></section>{% endif -%}
</main>{{ t.footerStart[lang] | safe }}
{%- for p in family %}<li><a href="{{ p.url }}" hrefLang="{{ p.lang }}" lang="{{ p.lang }}"{% if p.lang == lang %} aria-current="page" class="${FOOT_LINK} font-semibold text-white"{% else %} class="${FOOT_LINK} text-slate-400 hover:text-white"{% endif %}>{{ t.languageName[p.lang] }}</a></li>{% endfor -%}
{{ t.footerEnd[lang] | safe }}</body></html>
`;

const SECTIONS: Record<string, string> = {
  hero: `<section aria-labelledby="hero-{{ i }}-title" class="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-24 pb-8 sm:pt-32 sm:pb-12"><div aria-hidden="true" class="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"></div><div class="relative mx-auto px-gutter max-w-5xl"><div class="text-center"><h1 id="hero-{{ i }}-title" class="mt-5 text-display font-extrabold text-slate-900 ">{{ s.title }}</h1><p class="mt-5 text-lead text-balance text-slate-600 mx-auto max-w-3xl">{{ s.lead }}</p><div class="mx-auto mt-8 flex max-w-sm flex-wrap items-center gap-3 max-sm:[&amp;&gt;a]:flex-auto sm:max-w-none sm:gap-4 justify-center">{% for a in s.actions %}<a href="{{ a.href }}" class="${BUTTON}">{{ a.label }}</a>{% endfor %}</div></div></div></section>`,
  features: `<section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-7xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900">{{ s.title }}</h2></div><ul class="grid gap-4 sm:gap-6 mx-auto max-w-2xl lg:max-w-none lg:grid-cols-3">{% for item in s.items %}<li class="${CARD}"><div class="flex items-center gap-3 lg:block"><span class="inline-flex size-10 flex-none items-center justify-center rounded-control sm:size-11 bg-brand-50 text-brand-700">{{ theme.icons[item.icon] | safe }}</span><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900">{{ item.title }}</h3></div><p class="mt-2 text-slate-600">{{ item.text }}</p></li>{% endfor %}</ul></div></section>`,
  faq: `<section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-3xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900">{{ s.title }}</h2></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{% for item in s.items %}<details class="group px-4 py-1 sm:px-6"><summary class="${SUMMARY}">{{ item.question }}${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600">{{ item.answer | safe }}</div></details>{% endfor %}</div></div></section>`,
  cta: `<section aria-labelledby="cta-{{ i }}-title" class="bg-white py-section"><div class="mx-auto max-w-5xl px-gutter"><div class="rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 px-5 py-10 text-center text-white shadow-mock sm:px-16 sm:py-14"><h2 id="cta-{{ i }}-title" class="text-h2 font-bold">{{ s.title }}</h2><div class="mt-8 flex flex-wrap justify-center gap-4">{% for a in s.actions %}<a href="{{ a.href }}" class="${CTA_LINK}">{{ a.label }}</a>{% endfor %}</div></div></div></section>`,
};

export const eleventyFile = (page: PeerPage): string => path.join('pages', page.lang, `${page.slug || 'index'}.md`);

export function eleventyFrontMatter(page: PeerPage): string {
  const { lang, title, description, keywords, sections, notes } = page;
  const permalink = `${pagePath(lang, page.slug).replace(/\/$/, '')}/index.html`;
  const data = { layout: 'page.njk', permalink, key: page.slug || 'home', lang, title, description, kw: keywords, sections, notes };
  return `---json\n${JSON.stringify(data, null, 1)}\n---\n`;
}

/** Writes the Eleventy project into `dir`. */
export async function writeEleventy(dir: string, theme: Theme, pages: PeerPage[]): Promise<void> {
  await mkdir(path.join(dir, '_includes/sections'), { recursive: true });
  await mkdir(path.join(dir, '_data'), { recursive: true });
  await writeFile(path.join(dir, 'eleventy.config.js'), CONFIG);
  await writeFile(path.join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(dir, '_data/theme.json'), JSON.stringify(theme));
  await writeFile(path.join(dir, '_includes/page.njk'), LAYOUT);
  for (const [name, markup] of Object.entries(SECTIONS)) await writeFile(path.join(dir, `_includes/sections/${name}.njk`), markup);
  await Promise.all(
    pages.map(async (page) => {
      const file = path.join(dir, eleventyFile(page));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, eleventyFrontMatter(page));
    }),
  );
}
