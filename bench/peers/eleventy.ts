/**
 * The synthetic pages as an Eleventy 3 site: one Markdown file per page and language with JSON front matter, a
 * Nunjucks layout and section includes rendering the same markup, translations found through a collection
 * keyed by the family. Eleventy is installed outside the project's dependencies (see run.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pagePath, type PeerPage, type Theme } from './convert.ts';
import {
  BUTTON,
  CARD,
  CHECK,
  CHEVRON,
  CTA_LINK,
  CTA_PANEL,
  FEATURE_ICON,
  FEATURE_LIST,
  FOOT_LINK,
  HEADING,
  HERO,
  LANG_LINK,
  MENU_LINK,
  NOTES,
  SUMMARY,
} from './hugo.ts';

const ORIGIN = 'https://www.ki-zentrale.de';

const CONFIG = `export default function (config) {
  config.setNunjucksEnvironmentOptions({ autoescape: true });
  // A page's path as ours: Eleventy's without its trailing slash, but the root's.
  const pagePath = (url) => url.replace(/\\/$/, '') || '/';
  config.addFilter('pagePath', pagePath);
  // Translations of a page: every page of its family, in the order the theme lists languages.
  config.addCollection('families', (api) => {
    const families = {};
    for (const item of api.getAll()) (families[item.data.key] ??= []).push({ lang: item.data.lang, url: pagePath(item.url) });
    const order = ['de', 'fr', 'en', 'es'];
    for (const list of Object.values(families)) list.sort((a, b) => order.indexOf(a.lang) - order.indexOf(b.lang));
    return families;
  });
  config.addFilter('byLang', (list) => [...list].sort((a, b) => a.lang.localeCompare(b.lang)));
  return { dir: { input: 'pages', includes: '../_includes', data: '../_data' }, markdownTemplateEngine: false };
}
`;

const LAYOUT = `{% set t = theme %}{% set family = collections.families[key] %}{% set url = page.url | pagePath %}<!DOCTYPE html>
<html lang="{{ lang }}">
<head>{{ t.headTop | safe }}<title>{{ title }}</title>
<meta name="description" content="{{ description }}">
<meta name="keywords" content="{{ kw }}">
<link rel="canonical" href="${ORIGIN}{{ url }}">
{% for p in family | byLang %}<link rel="alternate" hreflang="{{ p.lang }}" href="${ORIGIN}{{ p.url }}">
{% endfor %}{% for p in family %}{% if p.lang == "de" %}<link rel="alternate" hreflang="x-default" href="${ORIGIN}{{ p.url }}">
{% endif %}{% endfor %}<meta property="og:type" content="website">
<meta property="og:site_name" content="KI-Zentrale">
<meta property="og:title" content="{{ title }}">
<meta property="og:description" content="{{ description }}">
<meta property="og:url" content="${ORIGIN}{{ url }}">
<meta property="og:locale" content="{{ t.ogLocale[lang] }}">{{ t.socialImage[lang] | safe }}
{%- for p in family | byLang %}{% if p.lang != lang %}<meta property="og:locale:alternate" content="{{ t.ogLocale[p.lang] }}">
{% endif %}{% endfor %}<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="{{ title }}">
<meta name="twitter:description" content="{{ description }}">{{ t.twitterImage[lang] | safe }}{{ t.headEnd | safe }}</head>
<body class="bg-white font-sans text-slate-800 antialiased">{{ t.headerStart[lang] | safe }}
{%- for p in family %}<li><a href="{{ p.url }}" hrefLang="{{ p.lang }}" lang="{{ p.lang }}"{% if p.lang == lang %} aria-current="page" class="${LANG_LINK} bg-slate-100 text-slate-900"{% else %} class="${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900"{% endif %}><span aria-hidden="true">{{ p.lang }}</span><span class="sr-only">{{ t.languageName[p.lang] }}</span></a></li>{% endfor -%}
{{ t.menuStart[lang] | safe }}
{%- for p in family %}<li><a href="{{ p.url }}" hrefLang="{{ p.lang }}" lang="{{ p.lang }}"{% if p.lang == lang %} aria-current="page" class="${MENU_LINK} bg-slate-100 font-semibold text-slate-900">{{ t.languageName[p.lang] }}${CHECK}{% else %} class="${MENU_LINK} text-slate-700 hover:bg-slate-100 hover:text-slate-900">{{ t.languageName[p.lang] }}{% endif %}</a></li>{% endfor -%}
{{ t.headerEnd[lang] | safe }}<main id="main" tabindex="-1" class="outline-none {% if sections[0].type == "hero" %}-mt-16{% endif %}">
{%- for s in sections %}{% set i = loop.index0 %}{% include "sections/" + s.type + ".njk" %}{% endfor -%}
{% if notes.length %}{% include "notes.njk" %}{% endif -%}
</main>{{ t.footerStart[lang] | safe }}
{%- for p in family %}<li><a href="{{ p.url }}" hrefLang="{{ p.lang }}" lang="{{ p.lang }}"{% if p.lang == lang %} aria-current="page" class="${FOOT_LINK} font-semibold text-white"{% else %} class="${FOOT_LINK} text-slate-400 hover:text-white"{% endif %}>{{ t.languageName[p.lang] }}</a></li>{% endfor -%}
{{ t.footerEnd[lang] | safe }}</body>
</html>
`;

const NOTES_INCLUDE = `${NOTES.open}{{ theme.notesTitle[lang] }}${NOTES.count} ({{ notes.length }})</span>${NOTES.list}
{%- for note in notes %}<li id="{{ note.id }}" value="{{ loop.index }}" data-claim-note="{{ note.key }}" class="flex gap-2"><span ${NOTES.number}><a href="#ref-{{ loop.index }}" id="note-{{ loop.index }}" aria-label="{{ note.back }}" ${NOTES.back}>{{ note.mark }}</a></span><span>{{ note.textHtml | safe }}</span></li>{% endfor -%}
${NOTES.close}`;

const SECTIONS: Record<string, string> = {
  hero: `<section aria-labelledby="hero-{{ i }}-title" ${HERO.open}<h1 id="hero-{{ i }}-title" ${HERO.title}>{{ s.titleHtml | safe }}</h1><p ${HERO.lead}>{{ s.leadHtml | safe }}</p><div ${HERO.actions}>{% for a in s.actions %}<a href="{{ a.href }}" class="${BUTTON}">{{ a.labelHtml | safe }}</a>{% endfor %}</div></div></div></section>`,
  features: `<section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${HEADING}><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900">{{ s.titleHtml | safe }}</h2></div><ul ${FEATURE_LIST}>{% for item in s.items %}<li class="${CARD}"><div class="flex items-center gap-3 lg:block"><span ${FEATURE_ICON}>{{ theme.icons[item.icon] | safe }}</span><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900">{{ item.titleHtml | safe }}</h3></div><p class="mt-2 text-slate-600">{{ item.textHtml | safe }}</p></li>{% endfor %}</ul></div></section>`,
  faq: `<section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto max-w-3xl px-gutter"><div ${HEADING}><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900">{{ s.titleHtml | safe }}</h2></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{% for item in s.items %}<details class="group px-4 py-1 sm:px-6"><summary class="${SUMMARY}">{{ item.questionHtml | safe }}${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600">{{ item.answerHtml | safe }}</div></details>{% endfor %}</div></div></section>`,
  cta: `<section aria-labelledby="cta-{{ i }}-title" class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${CTA_PANEL}><h2 id="cta-{{ i }}-title" class="text-h2 font-bold">{{ s.titleHtml | safe }}</h2><div class="mt-8 flex flex-wrap justify-center gap-4">{% for a in s.actions %}<a href="{{ a.href }}" class="${CTA_LINK}">{{ a.labelHtml | safe }}</a>{% endfor %}</div></div></div></section>`,
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
  await writeFile(path.join(dir, '_includes/notes.njk'), NOTES_INCLUDE);
  for (const [name, markup] of Object.entries(SECTIONS)) await writeFile(path.join(dir, `_includes/sections/${name}.njk`), markup);
  await Promise.all(
    pages.map(async (page) => {
      const file = path.join(dir, eleventyFile(page));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, eleventyFrontMatter(page));
    }),
  );
}
