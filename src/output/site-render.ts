import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { injectedStyles } from '../assets/injected-styles.ts';
import { bundleIslands, type IslandBundle } from '../assets/islands.ts';
import { buildFonts } from '../assets/fonts.ts';
import { buildStyles } from '../assets/styles.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { PageEntry, SiteView } from '../content/model.ts';
import { packageRoot } from '../package-root.ts';
import { SOCIAL_IMAGE } from '../render/head.ts';
import type { BuiltImages } from '../render/image-layout.ts';
import type { SocialImage } from '../render/context.ts';
import type { IslandPropsFiles } from '../render/Island.tsx';
import type { MarkedElement } from '../render/source-marks.tsx';
import { shortDigest } from '../cache/digest.ts';
import { encodeAhead } from './precompress.ts';
import { pageAssetRefs, type PageAssetRefs } from './page-weight.ts';
import { contentSecurityPolicy, contentSecurityPolicyMeta, inlineCode, type InlineCode, type RuntimeNeeds } from './seo-files.ts';

/** The steps `site build` and `site dev` share: what code determines, one page rendered, the site's policy. */

const encoder = new TextEncoder();

/** What the code alone determines (scripts, stylesheet, icon, social image, document shell): the same for any content. */
export interface CodeAssets {
  islands: IslandBundle;
  cssUrl: string;
  /** The web font file every page preloads. */
  fontPreload: string;
  /** Every script, the stylesheet and the icon, by URL. */
  files: Map<string, Uint8Array>;
  template: string;
  runtime: RuntimeNeeds;
}

/** What of the code assets a page's render reads: all the render thread (render-thread.ts) is sent. */
export type PageCode = Pick<CodeAssets, 'cssUrl' | 'fontPreload' | 'template' | 'runtime'> & { islands: Pick<IslandBundle, 'loader'> };

/**
 * `encodeAhead`: the scripts are about to be written with their encodings (a build, not `site dev`): start those
 * once they are bundled, while the stylesheet is compiled and the content loads (precompress.ts encodeAhead).
 */
export async function codeAssets(cache: BuildCache, options: { encodeAhead?: boolean } = {}): Promise<CodeAssets> {
  const template = (name: string) => readFile(path.join(packageRoot, 'templates', name));
  const bundled = bundleIslands(cache);
  if (options.encodeAhead)
    bundled.then(
      (islands) => encodeAhead(islands.files, cache),
      () => {},
    );
  const [islands, tailwind, fonts, documentShell, favicon, socialImage] = await Promise.all([
    bundled,
    buildStyles(cache),
    buildFonts(cache),
    template('document.html'),
    template('favicon.svg'),
    template('og-image.png'),
  ]);
  // One stylesheet: the @font-face rules (they name the hashed font files) in front of Tailwind's output.
  const css = fonts.css + tailwind;
  const cssUrl = `/assets/site-${shortDigest(css)}.css`;
  const files = new Map(islands.files);
  for (const font of fonts.files) files.set(font.url, font.bytes);
  return {
    islands,
    cssUrl,
    fontPreload: fonts.preload,
    files: files.set(cssUrl, encoder.encode(css)).set('/favicon.svg', favicon).set(SOCIAL_IMAGE.path, socialImage),
    template: documentShell.toString('utf8'),
    runtime: { injectedStyles: await injectedStyles(islands.files) },
  };
}

/** A rendered page as later steps need it: its bytes (with its policy) and what they hold, read once from its HTML. */
export interface RenderedPage {
  entry: PageEntry;
  bytes: Uint8Array;
  inline: InlineCode;
  refs: PageAssetRefs;
  /** Where in the content the page's content links are written, by offset into `bytes` decoded (never shipped). */
  elements: MarkedElement[];
  /** The props files its islands name (URL → JSON; render/Island.tsx), written beside the assets. */
  islandProps: IslandPropsFiles;
}

type RenderRoute = typeof import('../render/render-route.tsx').renderRouteWithSources;
let renderRoute: RenderRoute | undefined;

/**
 * Imports the renderer (React's server renderer and the components): call before renderPage. A build that
 * reuses every page from the page cache never loads React (about a tenth of a second of start-up).
 */
export async function loadRenderer(): Promise<void> {
  renderRoute ??= (await import('../render/render-route.tsx')).renderRouteWithSources;
}

/** Every page's head starts with this tag (render/head.ts); the CSP meta goes right after it, before any script. */
const CHARSET = '<meta charset="utf-8">';

/**
 * Renders one page with its own Content-Security-Policy as a meta tag (hosts that ignore `_headers`
 * enforce it too). The meta policy allows this page's inline code only, the `_headers` policy the
 * site's (sitePolicy); a browser enforces both, so each page gets exactly what it runs. Depending on
 * no other page, pages can be written as soon as they are rendered.
 */
export function renderPage(model: SiteView, entry: PageEntry, code: PageCode, extras: { images?: BuiltImages; socialImage?: SocialImage } = {}): RenderedPage {
  if (!renderRoute) throw new Error('renderPage before loadRenderer()');
  const { images, socialImage } = extras;
  const { html, elements, islandProps } = renderRoute(
    model,
    entry,
    { css: code.cssUrl, font: code.fontPreload, loader: code.islands.loader, images, ...(socialImage ? { socialImage } : {}) },
    code.template,
  );
  const inline = inlineCode(html);
  const at = html.indexOf(CHARSET);
  if (at < 0) throw new Error('a page without <meta charset="utf-8"> cannot carry the CSP meta tag');
  const end = at + CHARSET.length;
  const meta = pagePolicyMeta(model, inline, code);
  const inserted = `\n${meta}`;
  const bytes = encoder.encode(`${html.slice(0, end)}${inserted}${html.slice(end)}`);
  const shifted = elements.map((element) => (element.at >= end ? { ...element, at: element.at + inserted.length } : element));
  renderedElements.set(bytes, shifted);
  return { entry, bytes, inline, refs: pageAssetRefs(html), elements: shifted, islandProps };
}

/** A page the build cache kept (output/page-cache.ts storedPage) as if rendered now: `site dev` serves and checks it like one. */
export function restoredPage(
  entry: PageEntry,
  stored: { bytes: Uint8Array; inline: InlineCode; refs: PageAssetRefs; sources: { elements: MarkedElement[] }; islandProps: Record<string, string> },
): RenderedPage {
  renderedElements.set(stored.bytes, stored.sources.elements);
  return {
    entry,
    bytes: stored.bytes,
    inline: stored.inline,
    refs: stored.refs,
    elements: stored.sources.elements,
    islandProps: new Map(Object.entries(stored.islandProps)),
  };
}

/** Element sources of the pages rendered in this process, by their bytes: `site dev` checks its in-memory pages with them. */
const renderedElements = new WeakMap<Uint8Array, MarkedElement[]>();

export function elementsOf(bytes: Uint8Array): MarkedElement[] | undefined {
  return renderedElements.get(bytes);
}

/** Pages with the same inline code share one policy: made once per build, not once per page. */
const pagePolicies = new WeakMap<PageCode, Map<string, string>>();

function pagePolicyMeta(model: SiteView, inline: InlineCode, code: PageCode): string {
  let policies = pagePolicies.get(code);
  if (!policies) pagePolicies.set(code, (policies = new Map()));
  const key = [model.site.backend.url, inline.scripts.join(), inline.styles.join(), inline.styleAttributes].join(' ');
  let meta = policies.get(key);
  if (meta === undefined) policies.set(key, (meta = contentSecurityPolicyMeta(contentSecurityPolicy(model, [inline], code.runtime))));
  return meta;
}

/** The Content-Security-Policy of the whole site, for `_headers`: what any of its pages runs inline. */
export function sitePolicy(model: SiteView, inline: readonly InlineCode[], code: CodeAssets): string {
  return contentSecurityPolicy(model, inline, code.runtime);
}
