import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { injectedStyles } from '../assets/injected-styles.ts';
import { bundleIslands, type IslandBundle } from '../assets/islands.ts';
import { buildStyles } from '../assets/styles.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { PageEntry, SiteModel } from '../content/model.ts';
import { packageRoot } from '../package-root.ts';
import { SOCIAL_IMAGE } from '../render/head.ts';
import { renderRoute } from '../render/render-route.tsx';
import { contentHash } from './hash.ts';
import { pageAssetRefs, type PageAssetRefs } from './page-weight.ts';
import { contentSecurityPolicy, contentSecurityPolicyMeta, inlineCode, type InlineCode, type RuntimeNeeds } from './seo-files.ts';

/** The steps `site build` and `site dev` share: what code determines, one page rendered, the site's policy. */

const encoder = new TextEncoder();

/** What the code alone determines (scripts, stylesheet, icon, social image, document shell): the same for any content. */
export interface CodeAssets {
  islands: IslandBundle;
  cssUrl: string;
  /** Every script, the stylesheet and the icon, by URL. */
  files: Map<string, Uint8Array>;
  template: string;
  runtime: RuntimeNeeds;
}

export async function codeAssets(cache: BuildCache): Promise<CodeAssets> {
  const template = (name: string) => readFile(path.join(packageRoot, 'templates', name));
  const [islands, css, documentShell, favicon, socialImage] = await Promise.all([
    bundleIslands(cache),
    buildStyles(cache),
    template('document.html'),
    template('favicon.svg'),
    template('og-image.png'),
  ]);
  const cssUrl = `/assets/site-${contentHash(css)}.css`;
  return {
    islands,
    cssUrl,
    files: new Map(islands.files).set(cssUrl, encoder.encode(css)).set('/favicon.svg', favicon).set(SOCIAL_IMAGE.path, socialImage),
    template: documentShell.toString('utf8'),
    runtime: { injectedStyles: await injectedStyles(islands.files) },
  };
}

/** A rendered page as later steps need it: its bytes and what they read from its HTML, read once. */
export interface RenderedPage {
  entry: PageEntry;
  bytes: Uint8Array;
  inline: InlineCode;
  refs: PageAssetRefs;
}

export function renderPage(model: SiteModel, entry: PageEntry, code: CodeAssets): RenderedPage {
  const html = renderRoute(model, entry, { css: code.cssUrl, loader: code.islands.loader }, code.template);
  return { entry, bytes: encoder.encode(html), inline: inlineCode(html), refs: pageAssetRefs(html) };
}

/** Every page's head starts with this tag (render/head.ts); the CSP meta goes right after it, before any script. */
const CHARSET = encoder.encode('<meta charset="utf-8">');

export interface SitePolicy {
  /** The Content-Security-Policy of the site, for `_headers`. */
  csp: string;
  /** A page with the same policy as a meta tag: hosts that ignore `_headers` enforce it too. */
  withPolicy(page: Uint8Array): Uint8Array;
}

export function sitePolicy(model: SiteModel, pages: readonly RenderedPage[], code: CodeAssets): SitePolicy {
  const csp = contentSecurityPolicy(model, pages.map((p) => p.inline), code.runtime);
  const insert = encoder.encode(`\n${contentSecurityPolicyMeta(csp)}`);
  return {
    csp,
    withPolicy(page) {
      const at = Buffer.from(page.buffer, page.byteOffset, page.byteLength).indexOf(CHARSET);
      if (at < 0) throw new Error('a page without <meta charset="utf-8"> cannot carry the CSP meta tag');
      const end = at + CHARSET.byteLength;
      return Buffer.concat([page.subarray(0, end), insert, page.subarray(end)]);
    },
  };
}
