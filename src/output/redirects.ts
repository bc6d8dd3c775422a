import path from 'node:path';
import { addressOf, type Redirect } from '../content/redirects.ts';
import type { SiteView } from '../content/model.ts';
import { isNotFound, outputFileFor } from '../content/routes.ts';
import { absoluteUrl } from '../render/context.ts';
import { escapeHtml } from '../render/head.ts';
import { localeEntry } from '../schema/site-locales.ts';

/**
 * What `site build` writes for content/redirects.yaml: `_redirects` (the one format Netlify and Cloudflare Pages
 * both read: `from to status`, no `!` — Cloudflare drops a line whose status is not a plain number) and a small
 * page at each old address for hosts that read neither. Pure: the model (live at the build's moment) and rules in,
 * files out.
 */

/** The rules that apply: a rule whose old address is a live page's is left out (the page wins; `site check` reports it). */
export function activeRedirects(model: SiteView, redirects: readonly Redirect[]): Redirect[] {
  const routes = new Set(model.pages.map((p) => p.route));
  return redirects.filter((r) => !routes.has(addressOf(r.from)));
}

/**
 * `notFoundPages`: the output files of the not-found pages below a language root (`fr/404.html`). Netlify serves
 * only the root 404.html by itself; a non-forced 404 rule after every redirect gives a language's unknown paths
 * its own page (a file at the path still wins). Cloudflare Pages ignores these lines (it permits no 404 status
 * and finds the nearest 404.html itself), as does `site serve`.
 */
export function redirectsFile(redirects: readonly Redirect[], notFoundPages: readonly string[] = []): string {
  const lines = redirects.flatMap((r) => {
    // `/alt` and `/alt/` are one address to a visitor; hosts match them apart.
    const from = addressOf(r.from);
    return from === '/' ? [`${from} ${r.to} ${r.status}`] : [`${from} ${r.to} ${r.status}`, `${from}/ ${r.to} ${r.status}`];
  });
  const notFound = notFoundPages.map((file) => `/${path.posix.dirname(file)}/* /${file} 404`);
  const head = `# Written by \`site build\` from content/redirects.yaml: edit that file, not this one.`;
  const tail = notFound.length ? ["# Each language's not-found page for unknown paths below its root (Netlify).", ...notFound] : [];
  return `${[head, ...lines, ...tail].join('\n')}\n`;
}

/** The not-found pages that live below a language root, by output file (`fr/404.html`). */
export function nestedNotFoundPages(model: SiteView): string[] {
  return model.pages
    .filter((p) => isNotFound(p.route) && p.file.includes('/'))
    .map((p) => p.file)
    .sort();
}

/** The language of a redirect's fallback page: its rule's, else the page it leads to, else the site's default. */
function localeOf(model: SiteView, redirect: Redirect) {
  if (redirect.locale) return redirect.locale;
  const target = redirect.to.split('#')[0]!;
  return model.pages.find((p) => p.route === addressOf(target))?.locale ?? model.site.defaultLocale;
}

/**
 * The page left at an old address: noindex, canonical to the new one, an immediate meta refresh, and a visible
 * link for anyone whose browser does not follow it. It loads the site's stylesheet and nothing else.
 */
export function fallbackPage(model: SiteView, redirect: Redirect, cssUrl: string): { file: string; html: string } {
  const locale = localeOf(model, redirect);
  const strings = model.locales[locale]?.publishing ?? model.locales[model.site.defaultLocale]!.publishing;
  // A canonical URL names a document: the fragment of an in-site target is left out.
  const target = redirect.to.startsWith('/') ? absoluteUrl(model, redirect.to.split('#')[0]!) : redirect.to;
  const href = escapeHtml(redirect.to);
  const html = `<!DOCTYPE html>
<html lang="${escapeHtml(localeEntry(model.site, locale).lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(strings.movedTitle)}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(target)}">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="stylesheet" href="${escapeHtml(cssUrl)}">
</head>
<body class="bg-white font-sans text-slate-800 antialiased">
<main class="mx-auto max-w-3xl px-gutter py-section">
<h1 class="text-h2 font-bold text-slate-900">${escapeHtml(strings.movedTitle)}</h1>
<p class="mt-5 text-lead"><a class="font-semibold text-brand-700 underline underline-offset-2" href="${href}">${escapeHtml(strings.movedLink)}</a></p>
</main>
</body>
</html>
`;
  return { file: outputFileFor(addressOf(redirect.from)), html };
}

/** Every file the redirects add to the output, by URL: `_redirects` (always, so a host sees the rules went) and a fallback page per rule. */
export function redirectFiles(model: SiteView, redirects: readonly Redirect[], cssUrl: string): Map<string, string> {
  const active = activeRedirects(model, redirects);
  const files = new Map<string, string>([['/_redirects', redirectsFile(active, nestedNotFoundPages(model))]]);
  for (const redirect of active) {
    // The site root cannot be an old address with a page of its own (the home page is there).
    if (addressOf(redirect.from) === '/') continue;
    const page = fallbackPage(model, redirect, cssUrl);
    files.set(`/${page.file}`, page.html);
  }
  return files;
}
