/**
 * A synthetic content folder of N pages for build benchmarks: the real site.yaml and locale files,
 * and N pages in families of four languages (a home family, then topic pages). Each page is a typical
 * marketing page of the site's own section types (hero, features, FAQ, call to action) with constant
 * references, so loading, validation, reference resolution, rendering and writing all do real work.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['de', 'fr', 'en', 'es'] as const;
const ICONS = ['bot', 'shield', 'zap', 'users', 'globe', 'lock', 'sparkles', 'server'];

const words: Record<(typeof LOCALES)[number], { topic: string; lead: string; question: string; answer: string; action: string }> = {
  de: {
    topic: 'Thema',
    lead: 'Wie Teams mit einer zentralen KI-Plattform schneller und sicherer arbeiten.',
    question: 'Was kostet das?',
    answer: 'Ab {{plans.standard.price | eur}} pro Nutzer und Monat, monatlich kündbar.',
    action: 'Jetzt anfragen',
  },
  fr: {
    topic: 'Sujet',
    lead: 'Comment les équipes travaillent plus vite et plus sûrement avec une plateforme d’IA centrale.',
    question: 'Combien cela coûte-t-il ?',
    answer: 'À partir de {{plans.standard.price | eur}} par utilisateur et par mois, résiliable chaque mois.',
    action: 'Nous contacter',
  },
  en: {
    topic: 'Topic',
    lead: 'How teams work faster and more securely with one central AI platform.',
    question: 'What does it cost?',
    answer: 'From {{plans.standard.price | eur}} per user per month, cancel monthly.',
    action: 'Contact us',
  },
  es: {
    topic: 'Tema',
    lead: 'Cómo los equipos trabajan más rápido y con más seguridad con una plataforma de IA central.',
    question: '¿Cuánto cuesta?',
    answer: 'Desde {{plans.standard.price | eur}} por usuario y mes, cancelable mensualmente.',
    action: 'Contáctenos',
  },
};

function page(family: number, locale: (typeof LOCALES)[number]): string {
  const w = words[locale];
  const slug = family === 0 ? '' : `thema-${family}`;
  const title = family === 0 ? '{{brand.name}}' : `${w.topic} ${family}`;
  const features = [0, 1, 2]
    .map(
      (i) =>
        `      - icon: ${ICONS[(family + i) % ICONS.length]}\n        title: ${w.topic} ${family}.${i + 1}\n        text: ${w.lead} {{claims.models}} ${i}`,
    )
    .join('\n');
  const faq = [0, 1, 2]
    .map((i) => `      - question: ${JSON.stringify(`${w.question} (${family}.${i + 1})`)}\n        answer:\n          - ${JSON.stringify(w.answer)}`)
    .join('\n');
  return `slug: "${slug}"
meta:
  title: ${JSON.stringify(`${title} – {{brand.name}}`)}
  description: ${JSON.stringify(`${w.lead} ${title}.`)}
  keywords: [${JSON.stringify(w.topic)}, "${family}"]
header: back
sections:
  - type: hero
    title: ${JSON.stringify(title)}
    lead: ${JSON.stringify(w.lead)}
    actions:
      - { label: ${JSON.stringify(w.action)}, href: "/#contact" }
  - type: features
    id: features
    title: ${JSON.stringify(`${w.topic} ${family}`)}
    items:
${features}
  - type: faq
    id: faq
    title: FAQ
    items:
${faq}
  - type: cta
    title: ${JSON.stringify(w.action)}
    actions:
      - { label: ${JSON.stringify(w.action)}, href: "/#contact" }
`;
}

/** Writes a content folder with `pages` pages into `dir` (created). */
export async function writeSyntheticContent(dir: string, pages: number): Promise<void> {
  await mkdir(path.join(dir, 'pages'), { recursive: true });
  // One shared social preview: drawing a card per page (about 0.1-0.5 s each) would make these page-rendering
  // timings card-drawing timings, and write a 1,000-10,000-file PNG folder besides (docs/authoring/images.md: Social cards).
  const site = await readFile(path.join(repo, 'content/site.yaml'), 'utf8');
  await writeFile(path.join(dir, 'site.yaml'), site.replace(/^constants:/m, 'socialCards: shared\nconstants:'));
  await cp(path.join(repo, 'content/locales'), path.join(dir, 'locales'), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let i = 0; i < pages; i++) {
    const family = Math.floor(i / LOCALES.length);
    const locale = LOCALES[i % LOCALES.length]!;
    const folder = path.join(dir, 'pages', family === 0 ? 'home' : `thema-${family}`);
    writes.push(mkdir(folder, { recursive: true }).then(() => writeFile(path.join(folder, `${locale}.yaml`), page(family, locale))));
  }
  await Promise.all(writes);
}
