/**
 * The synthetic pages as an Astro site: one JSON entry per page and language in a content collection, one dynamic
 * route rendering them with section components of the same markup, translations grouped in getStaticPaths.
 * Astro (which needs Node 22.12 or later) is installed outside the project's dependencies (see run.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pagePath, type PeerPage, type Theme } from './convert.ts';
import { BUTTON, CARD, CHEVRON, CTA_LINK, FOOT_LINK, LANG_LINK, SUMMARY } from './hugo.ts';

const ORIGIN = 'https://www.ki-zentrale.de';
/** A class list as an Astro expression: the markup's `&amp;` is `&` in a string. */
const cls = (classes: string) => `{${JSON.stringify(classes.replaceAll('&amp;', '&').replaceAll('&gt;', '>'))}}`;

const CONFIG = `export default { site: '${ORIGIN}', outDir: process.env.ASTRO_OUT_DIR, cacheDir: './.astro-cache', build: { format: 'directory' }, trailingSlash: 'ignore', devToolbar: { enabled: false } };\n`;

const COLLECTION = `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
export const collections = { pages: defineCollection({ loader: glob({ pattern: '**/*.json', base: './src/content/pages' }) }) };
`;

const ROUTE = `---
import { getCollection } from 'astro:content';
import theme from '../theme.json';
import Section from '../components/Section.astro';
export async function getStaticPaths() {
  const order = ['de', 'fr', 'en', 'es'];
  const pages = (await getCollection('pages')).map((entry) => entry.data);
  const families = new Map();
  for (const page of pages) {
    if (!families.has(page.key)) families.set(page.key, []);
    families.get(page.key).push({ lang: page.lang, url: page.path });
  }
  for (const list of families.values()) list.sort((a, b) => order.indexOf(a.lang) - order.indexOf(b.lang));
  return pages.map((page) => ({ params: { path: page.path.slice(1) || undefined }, props: { page, family: families.get(page.key) } }));
}
const { page, family } = Astro.props;
const lang = page.lang;
const byLang = [...family].sort((a, b) => a.lang.localeCompare(b.lang));
const url = '${ORIGIN}' + page.path;
---
<html lang={lang}><head><Fragment set:html={theme.headTop} /><title>{page.title}</title><meta name="description" content={page.description}><meta name="keywords" content={page.kw}><link rel="canonical" href={url}>{byLang.map((p) => <link rel="alternate" hreflang={p.lang} href={'${ORIGIN}' + p.url}>)}{family.filter((p) => p.lang === 'de').map((p) => <link rel="alternate" hreflang="x-default" href={'${ORIGIN}' + p.url}>)}<meta property="og:type" content="website"><meta property="og:site_name" content="KI-Zentrale"><meta property="og:title" content={page.title}><meta property="og:description" content={page.description}><meta property="og:url" content={url}><meta property="og:locale" content={theme.ogLocale[lang]}><Fragment set:html={theme.socialImage[lang]} />{byLang.filter((p) => p.lang !== lang).map((p) => <meta property="og:locale:alternate" content={theme.ogLocale[p.lang]}>)}<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content={page.title}><meta name="twitter:description" content={page.description}><Fragment set:html={theme.twitterImage[lang]} /><Fragment set:html={theme.headEnd} /></head>
<body class="bg-white font-sans text-slate-800 antialiased"><Fragment set:html={theme.headerStart[lang]} />{family.map((p) => p.lang === lang ? <li><a href={p.url} hrefLang={p.lang} lang={p.lang} aria-current="page" class=${cls(`${LANG_LINK} bg-slate-100 text-slate-900`)}><span aria-hidden="true">{p.lang}</span><span class="sr-only">{theme.languageName[p.lang]}</span></a></li> : <li><a href={p.url} hrefLang={p.lang} lang={p.lang} class=${cls(`${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900`)}><span aria-hidden="true">{p.lang}</span><span class="sr-only">{theme.languageName[p.lang]}</span></a></li>)}<Fragment set:html={theme.headerEnd} /><main id="main" tabindex="-1" class="outline-none ">{page.sections.map((s, i) => <Section s={s} i={i} icons={theme.icons} />)}{page.notes.length > 0 && <section aria-labelledby="claim-notes-title" class="bg-white pb-10 pt-2"><div class="mx-auto max-w-3xl px-gutter" data-claim-notes=""><h2 id="claim-notes-title" class="mb-3 text-sm font-semibold text-slate-900">{theme.notesTitle[lang]}</h2><ol class="space-y-2 text-sm text-slate-600">{page.notes.map((note, n) => <li id={note.id} value={n + 1} data-claim-note={note.key} class="flex gap-2"><span aria-hidden="true" class="flex-none tabular-nums">{note.mark}</span><span set:html={note.text} /></li>)}</ol></div></section>}</main><Fragment set:html={theme.footerStart[lang]} />{family.map((p) => p.lang === lang ? <li><a href={p.url} hrefLang={p.lang} lang={p.lang} aria-current="page" class=${cls(`${FOOT_LINK} font-semibold text-white`)}>{theme.languageName[p.lang]}</a></li> : <li><a href={p.url} hrefLang={p.lang} lang={p.lang} class=${cls(`${FOOT_LINK} text-slate-400 hover:text-white`)}>{theme.languageName[p.lang]}</a></li>)}<Fragment set:html={theme.footerEnd[lang]} /></body></html>
`;

const SECTION = `---
const { s, i, icons } = Astro.props;
---
{s.type === 'hero' && <section aria-labelledby={\`hero-\${i}-title\`} class="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-24 pb-8 sm:pt-32 sm:pb-12"><div aria-hidden="true" class="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"></div><div class="relative mx-auto px-gutter max-w-5xl"><div class="text-center"><h1 id={\`hero-\${i}-title\`} class="mt-5 text-display font-extrabold text-slate-900 ">{s.title}</h1><p class="mt-5 text-lead text-balance text-slate-600 mx-auto max-w-3xl">{s.lead}</p><div class=${cls('mx-auto mt-8 flex max-w-sm flex-wrap items-center gap-3 max-sm:[&amp;&gt;a]:flex-auto sm:max-w-none sm:gap-4 justify-center')}>{s.actions.map((a) => <a href={a.href} class=${cls(BUTTON)}>{a.label}</a>)}</div></div></div></section>}
{s.type === 'features' && <section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-7xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900">{s.title}</h2></div><ul class="grid gap-4 sm:gap-6 mx-auto max-w-2xl lg:max-w-none lg:grid-cols-3">{s.items.map((item) => <li class=${cls(CARD)}><div class="flex items-center gap-3 lg:block"><span class="inline-flex size-10 flex-none items-center justify-center rounded-control sm:size-11 bg-brand-50 text-brand-700" set:html={icons[item.icon]} /><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900">{item.title}</h3></div><p class="mt-2 text-slate-600">{item.text}</p></li>)}</ul></div></section>}
{s.type === 'faq' && <section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto px-gutter max-w-3xl"><div class="mb-10 max-w-3xl sm:mb-12 mx-auto text-center"><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900">{s.title}</h2></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{s.items.map((item) => <details class="group px-4 py-1 sm:px-6"><summary class=${cls(SUMMARY)}>{item.question}${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600" set:html={item.answer} /></details>)}</div></div></section>}
{s.type === 'cta' && <section aria-labelledby={\`cta-\${i}-title\`} class="bg-white py-section"><div class="mx-auto max-w-5xl px-gutter"><div class="rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 px-5 py-10 text-center text-white shadow-mock sm:px-16 sm:py-14"><h2 id={\`cta-\${i}-title\`} class="text-h2 font-bold">{s.title}</h2><div class="mt-8 flex flex-wrap justify-center gap-4">{s.actions.map((a) => <a href={a.href} class=${cls(CTA_LINK)}>{a.label}</a>)}</div></div></div></section>}
`;

export const astroFile = (page: PeerPage): string => path.join('src/content/pages', page.lang, `${page.slug || 'index'}.json`);

export function astroEntry(page: PeerPage): string {
  const { lang, title, description, keywords, sections, notes } = page;
  const data = { path: pagePath(lang, page.slug), key: page.slug || 'home', lang, title, description, kw: keywords, sections, notes };
  return JSON.stringify(data, null, 1);
}

/** Writes the Astro project into `dir`; it links `node_modules` to the scratch install. */
export async function writeAstro(dir: string, theme: Theme, pages: PeerPage[]): Promise<void> {
  await mkdir(path.join(dir, 'src/pages'), { recursive: true });
  await mkdir(path.join(dir, 'src/components'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(dir, 'astro.config.mjs'), CONFIG);
  await writeFile(path.join(dir, 'src/content.config.ts'), COLLECTION);
  await writeFile(path.join(dir, 'src/theme.json'), JSON.stringify(theme));
  await writeFile(path.join(dir, 'src/pages/[...path].astro'), ROUTE);
  await writeFile(path.join(dir, 'src/components/Section.astro'), SECTION);
  await Promise.all(
    pages.map(async (page) => {
      const file = path.join(dir, astroFile(page));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, astroEntry(page));
    }),
  );
}
