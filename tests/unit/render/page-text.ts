import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContent } from '../../../src/content/load.ts';
import type { PageEntry, SiteModel } from '../../../src/content/model.ts';
import { renderRoute, renderRouteWithSources } from '../../../src/render/render-route.tsx';

export interface RenderedPage {
  entry: PageEntry;
  html: string;
  /** Its islands' props files (URL → JSON), which the HTML names. */
  islandProps: ReadonlyMap<string, string>;
}

/**
 * Every route of the real content, rendered with the real document template. `siteEdits` change
 * site.yaml first (in a copy), to see that text follows a constant.
 */
export async function renderRealSite(siteEdits: [find: string, replace: string][] = []): Promise<{ model: SiteModel; pages: RenderedPage[] }> {
  let dir = path.resolve('content');
  if (siteEdits.length) {
    const copy = await mkdtemp(path.join(tmpdir(), 'site-content-'));
    await cp(dir, copy, { recursive: true });
    let site = await readFile(path.join(copy, 'site.yaml'), 'utf8');
    for (const [find, replace] of siteEdits) {
      if (!site.includes(find)) throw new Error(`'${find}' not in site.yaml`);
      site = site.replace(find, replace);
    }
    await writeFile(path.join(copy, 'site.yaml'), site);
    dir = copy;
  }
  const loaded = await loadContent(dir);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  const model = loaded.value;
  const template = await readFile('templates/document.html', 'utf8');
  const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };
  // The soft hyphens the render puts into long words (render/hyphenation.ts) are invisible until a line breaks
  // there: the tests read the words as a visitor does (tests/unit/render/hyphenation.test.ts checks them).
  return {
    model,
    pages: model.pages.map((entry) => {
      const rendered = renderRouteWithSources(model, entry, assets, template);
      return { entry, ...rendered, html: withoutSoftHyphens(rendered.html) };
    }),
  };
}

/** Text as a visitor reads it: without the invisible soft hyphens (U+00AD) of the build's hyphenation. */
export const withoutSoftHyphens = (html: string) => html.replaceAll('\u00ad', '');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/**
 * What a visitor reads or hears, as fragments: the title, description and social texts, text between
 * tags (scripts and styles left out), labels and placeholders, and every string an island receives as
 * props (toasts and other text that only appears after interaction: `islandProps`, the files the islands
 * name). Works on a whole document or on a fragment of one.
 */
export function visibleTexts(html: string, islandProps: ReadonlyMap<string, string> = new Map()): string[] {
  const out: string[] = [];
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (title) out.push(decode(title[1]!));
  for (const m of html.matchAll(
    /<meta (?:name|property)="(?:description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)" content="([^"]*)"/g,
  ))
    out.push(decode(m[1]!));
  // KeepTogether's nowrap spans sit inside running text (brand names, figures): their text belongs to the words around it.
  const body = html
    .slice(Math.max(0, html.indexOf('<body')))
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<span class="whitespace-nowrap">([^<]*)<\/span>/g, '$1');
  for (const m of body.matchAll(/>([^<]+)</g)) if (m[1]!.trim()) out.push(decode(m[1]!));
  for (const m of body.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)) out.push(decode(m[1]!));
  for (const m of body.matchAll(/\sdata-props-src="([^"]*)"/g)) out.push(...strings(JSON.parse(islandProps.get(decode(m[1]!))!)));
  return out;
}

/** A bare document template: the page's head and body, nothing of the real template's. */
export const BARE_TEMPLATE = '<!DOCTYPE html><html lang="%lang%"><head><!--site:head--></head><body><!--site:body--></body></html>';

/** The real content's model, as `site build` loads it. */
export async function realModel(): Promise<SiteModel> {
  const loaded = await loadContent(path.resolve('content'));
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return loaded.value;
}

/** The page at `route` of `model`, rendered into the bare template. */
export function renderBare(model: SiteModel, route: string, css = '/assets/site.css'): string {
  const entry = model.pages.find((p) => p.route === route);
  if (!entry) throw new Error(`no page for ${route}`);
  return renderRoute(model, entry, { css }, BARE_TEMPLATE);
}

/** Text of the first table cell carrying `attribute="value"` in `html`, tags stripped and spaces collapsed. */
export function cellText(html: string, attribute: string, value: string): string {
  const match = new RegExp(`${attribute}="${value}"[^>]*>([\\s\\S]*?)</td>`).exec(html);
  return (match?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\n]+/g, ' ')
    .trim();
}

/** A page's copy as a reader sees it, for matching sentences: tags out, entities, no-break spaces and hyphens plain, whitespace collapsed. */
export const readableText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/\u2011/g, '-')
    .replace(/\u2060/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');

/** The HTML of `route` among the rendered pages; throws when the site has no such page. */
export function routeHtml(pages: readonly RenderedPage[], route: string): string {
  const found = pages.find((p) => p.entry.route === route);
  if (!found) throw new Error(`no page at ${route}`);
  return found.html;
}
