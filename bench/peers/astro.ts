/**
 * The synthetic pages as an Astro site: one JSON entry per page and language in a content collection, one dynamic
 * route rendering them with section components of the same markup, translations grouped in getStaticPaths.
 * Astro (which needs Node 22.12 or later) is installed outside the project's dependencies (see run.ts).
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

// Ours keeps the newlines between head tags; Astro's default compression would take them out.
const CONFIG = `export default { site: '${ORIGIN}', outDir: process.env.ASTRO_OUT_DIR, cacheDir: './.astro-cache', build: { format: 'directory' }, trailingSlash: 'ignore', compressHTML: false, devToolbar: { enabled: false } };\n`;

const COLLECTION = `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
export const collections = { pages: defineCollection({ loader: glob({ pattern: '**/*.json', base: './src/content/pages' }) }) };
`;

const ROUTE = `---
import { getCollection } from 'astro:content';
import theme from '../theme.json';
import Hero from '../components/Hero.astro';
import Features from '../components/Features.astro';
import Faq from '../components/Faq.astro';
import Cta from '../components/Cta.astro';
import Notes from '../components/Notes.astro';
const SECTIONS = { hero: Hero, features: Features, faq: Faq, cta: Cta };
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
<html lang={lang}>
<head><Fragment set:html={theme.headTop} /><title>{page.title}</title>
<meta name="description" content={page.description}>
<meta name="keywords" content={page.kw}>
<link rel="canonical" href={url}>
{byLang.map((p) => <Fragment><link rel="alternate" hreflang={p.lang} href={'${ORIGIN}' + p.url}>{'\\n'}</Fragment>)}{family.filter((p) => p.lang === 'de').map((p) => <Fragment><link rel="alternate" hreflang="x-default" href={'${ORIGIN}' + p.url}>{'\\n'}</Fragment>)}<meta property="og:type" content="website">
<meta property="og:site_name" content="KI-Zentrale">
<meta property="og:title" content={page.title}>
<meta property="og:description" content={page.description}>
<meta property="og:url" content={url}>
<meta property="og:locale" content={theme.ogLocale[lang]}><Fragment set:html={theme.socialImage[lang]} />{byLang.filter((p) => p.lang !== lang).map((p) => <Fragment><meta property="og:locale:alternate" content={theme.ogLocale[p.lang]}>{'\\n'}</Fragment>)}<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content={page.title}>
<meta name="twitter:description" content={page.description}><Fragment set:html={theme.twitterImage[lang]} /><Fragment set:html={theme.headEnd} /></head>
<body class="bg-white font-sans text-slate-800 antialiased"><Fragment set:html={theme.headerStart[lang]} />{family.map((p) => p.lang === lang ? <li><a href={p.url} hrefLang={p.lang} lang={p.lang} aria-current="page" class="${LANG_LINK} bg-slate-100 text-slate-900"><span aria-hidden="true">{p.lang}</span><span class="sr-only">{theme.languageName[p.lang]}</span></a></li> : <li><a href={p.url} hrefLang={p.lang} lang={p.lang} class="${LANG_LINK} text-slate-600 hover:bg-slate-100 hover:text-slate-900"><span aria-hidden="true">{p.lang}</span><span class="sr-only">{theme.languageName[p.lang]}</span></a></li>)}<Fragment set:html={theme.menuStart[lang]} />{family.map((p) => p.lang === lang ? <li><a href={p.url} hrefLang={p.lang} lang={p.lang} aria-current="page" class="${MENU_LINK} bg-slate-100 font-semibold text-slate-900">{theme.languageName[p.lang]}${CHECK}</a></li> : <li><a href={p.url} hrefLang={p.lang} lang={p.lang} class="${MENU_LINK} text-slate-700 hover:bg-slate-100 hover:text-slate-900">{theme.languageName[p.lang]}</a></li>)}<Fragment set:html={theme.headerEnd[lang]} /><main id="main" tabindex="-1" class={'outline-none ' + (page.sections[0]?.type === 'hero' ? '-mt-16' : '')}>{page.sections.map((s, i) => { const Section = SECTIONS[s.type]; return <Section s={s} i={i} icons={theme.icons} />; })}{page.notes.length > 0 && <Notes notes={page.notes} title={theme.notesTitle[lang]} />}</main><Fragment set:html={theme.footerStart[lang]} />{family.map((p) => p.lang === lang ? <li><a href={p.url} hrefLang={p.lang} lang={p.lang} aria-current="page" class="${FOOT_LINK} font-semibold text-white">{theme.languageName[p.lang]}</a></li> : <li><a href={p.url} hrefLang={p.lang} lang={p.lang} class="${FOOT_LINK} text-slate-400 hover:text-white">{theme.languageName[p.lang]}</a></li>)}<Fragment set:html={theme.footerEnd[lang]} /></body>
</html>{'\\n'}
`;

const NOTES_COMPONENT = `---
const { notes, title } = Astro.props;
---
${NOTES.open}{title}${NOTES.count} ({notes.length})</span>${NOTES.list}{notes.map((note, n) => <li id={note.id} value={n + 1} data-claim-note={note.key} class="flex gap-2"><span ${NOTES.number}><a href={\`#ref-\${n + 1}\`} id={\`note-\${n + 1}\`} aria-label={note.back} ${NOTES.back}>{note.mark}</a></span><span set:html={note.textHtml} /></li>)}${NOTES.close}
`;

/** One component per section type; their markup, classes included, is what \`site\` writes for the same section. */
const SECTIONS: Record<string, string> = {
  Hero: `<section aria-labelledby={\`hero-\${i}-title\`} ${HERO.open}<h1 id={\`hero-\${i}-title\`} ${HERO.title} set:html={s.titleHtml} /><p ${HERO.lead} set:html={s.leadHtml} /><div ${HERO.actions}>{s.actions.map((a) => <a href={a.href} class="${BUTTON}" set:html={a.labelHtml} />)}</div></div></div></section>`,
  Features: `<section id="features" aria-labelledby="features-title" class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${HEADING}><h2 id="features-title" class="mt-2 font-bold text-h2 text-slate-900" set:html={s.titleHtml} /></div><ul ${FEATURE_LIST}>{s.items.map((item) => <li class="${CARD}"><div class="flex items-center gap-3 lg:block"><span ${FEATURE_ICON} set:html={icons[item.icon]} /><h3 class="text-h3 font-semibold lg:mt-4 text-slate-900" set:html={item.titleHtml} /></div><p class="mt-2 text-slate-600" set:html={item.textHtml} /></li>)}</ul></div></section>`,
  Faq: `<section id="faq" aria-labelledby="faq-title" class="bg-white py-section"><div class="mx-auto max-w-3xl px-gutter"><div ${HEADING}><h2 id="faq-title" class="mt-2 font-bold text-h2 text-slate-900" set:html={s.titleHtml} /></div><div class="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">{s.items.map((item) => <details class="group px-4 py-1 sm:px-6"><summary class="${SUMMARY}"><Fragment set:html={item.questionHtml} />${CHEVRON}</summary><div class="space-y-4 leading-relaxed pb-5 text-slate-600" set:html={item.answerHtml} /></details>)}</div></div></section>`,
  Cta: `<section aria-labelledby={\`cta-\${i}-title\`} class="bg-white py-section"><div class="mx-auto max-w-page px-page"><div ${CTA_PANEL}><h2 id={\`cta-\${i}-title\`} class="text-h2 font-bold" set:html={s.titleHtml} /><div class="mt-8 flex flex-wrap justify-center gap-4">{s.actions.map((a) => <a href={a.href} class="${CTA_LINK}" set:html={a.labelHtml} />)}</div></div></div></section>`,
};

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
  for (const [name, markup] of Object.entries(SECTIONS))
    await writeFile(path.join(dir, `src/components/${name}.astro`), `---\nconst { s, i, icons } = Astro.props;\n---\n${markup}\n`);
  await writeFile(path.join(dir, 'src/components/Notes.astro'), NOTES_COMPONENT);
  await Promise.all(
    pages.map(async (page) => {
      const file = path.join(dir, astroFile(page));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, astroEntry(page));
    }),
  );
}
