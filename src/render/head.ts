import type { PageEntry, PageSummary, SiteView } from '../content/model.ts';
import { educationBrand } from '../content/brand.ts';
import { isIndexable, isNotFound } from '../content/routes.ts';
import type { LoaderNeed } from '../islands/protocol.ts';
import { localeEntry } from '../schema/site-locales.ts';
import { absoluteUrl, alternates, type RenderContext } from './context.ts';
import { perUserMonthPrice, structuredOffer } from './offer.tsx';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script> element: `<` is escaped so content can never close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Text for search results, link previews and the tab title: the layout's line-breaking marks (soft hyphen, word
 * joiner, non-breaking hyphen) belong to the page's lines, not to text other programs show or copy.
 */
export function plainText(text: string): string {
  return text.replace(/[\u00ad\u2060]/g, '').replace(/\u2011/g, '-');
}

const headText = (text: string) => escapeHtml(plainText(text));

/** The consent cookie (SPEC §4, §9): its name and lifetime, from `constants.cookies` in site.yaml. */
export interface ConsentCookie {
  name: string;
  maxAgeSeconds: number;
}

/**
 * The inline head script, and the cookie banner's only code. When the consent cookie is missing it marks
 * the document before first paint (CSS then shows the banner, layout/CookieBanner.tsx) and listens for
 * clicks on the banner's buttons: a choice stores `NAME=VALUE; Max-Age=N; Path=/; SameSite=Lax` (plus
 * `; Secure` on https: over plain http, as `site serve` answers locally, the browser would drop a Secure
 * cookie) unless its value is empty, then unmarks the document; the details toggle opens or closes its
 * panel. The banner comes last in the HTML (SPEC §2's order) but shows first, at the top: once the document is
 * parsed the probe moves it to the start of the body, so the keyboard and screen readers meet it where the
 * eye does, first. Inline and tiny, so a first visit downloads no script for the banner; written by hand in ES5, as
 * nothing compiles it, and without globals (its variables live inside the listener).
 */
export function consentProbeScript(cookie: ConsentCookie): string {
  const name = cookie.name.replace(/[^A-Za-z0-9_-]/g, '');
  return `if(!/(?:^|;\\s*)${name}=/.test(document.cookie)){document.documentElement.dataset.consent="ask";document.addEventListener("DOMContentLoaded",function(){var d=document,b=d.querySelector(".cookie-banner");if(b)d.body.insertBefore(b,d.body.firstChild)});document.addEventListener("click",function(e){var d=document,t=e.target,b=t.closest&&t.closest("[data-consent-choice],[data-details-show]");if(!b)return;var v=b.getAttribute("data-consent-choice");if(v===null){var p=d.getElementById(b.getAttribute("aria-controls")),o=p.hidden;p.hidden=!o;b.setAttribute("aria-expanded",o);b.textContent=b.getAttribute(o?"data-details-hide":"data-details-show")}else{if(v)d.cookie="${name}="+v+"; Max-Age=${cookie.maxAgeSeconds}; Path=/; SameSite=Lax"+(location.protocol=="https:"?"; Secure":"");d.documentElement.removeAttribute("data-consent")}})}`;
}

/**
 * The inline head script that starts the island loader (islands/client.ts) once the page has shown its content:
 * at the first contentful paint (Paint Timing). A `<script type="module" src>` is fetched as soon as the head
 * is read and shares the first round trips of a slow connection with the stylesheet and the font, for code no
 * island needs before first paint (they hydrate when near the viewport, on interaction or on the first toast).
 * The loader waits for the end of parsing itself. A browser without paint timing (or without
 * `PerformanceObserver.supportedEntryTypes` to say so, Safari before 13) imports it at once. The URL
 * is the element's `data-islands` attribute, so the script text, and its CSP hash, stay the same when the
 * bundle changes. ES5 but for `import()`, which a browser without modules would not run as a module either.
 * Until the loader runs, it keeps the targets of clicks (`window.siteEarlyClicks`): a visitor may press the chat
 * button between first paint and the loader's arrival, and the loader then opens the demo (islands/chat-demo/dialog.ts)
 * or wakes the clicked island and clicks it again.
 */
export const ISLAND_START_SCRIPT =
  '(function(s){var d=document,c=window.siteEarlyClicks=[];' +
  'd.addEventListener("click",function l(e){if(c.done)d.removeEventListener("click",l,!0);else c.push(e.target)},!0);' +
  'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(!t||t.indexOf("paint")<0)return import(s);' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint")[0]){o.disconnect();import(s)}}).observe({type:"paint",buffered:!0})' +
  '})(document.currentScript.dataset.islands)';

/** Pages that are indexable in the sense of hreflang and the sitemap. */
function indexable(entry: PageSummary): boolean {
  return isIndexable(entry.route, entry.page.meta.noindex);
}

/**
 * The hreflang set of a page: its indexable translations (one per locale) plus x-default (the default
 * locale's page). Empty for pages without translations; the same set for every member of a family.
 */
export function hreflangSet(model: SiteView, entry: PageSummary): { hreflang: string; route: string }[] {
  if (!indexable(entry)) return [];
  const family = alternates(model, entry).filter(indexable);
  if (family.length < 2) return [];
  const fallback = family.find((p) => p.locale === model.site.defaultLocale) ?? family[0]!;
  return [...family.map((p) => ({ hreflang: localeEntry(model.site, p.locale).hreflang, route: p.route })), { hreflang: 'x-default', route: fallback.route }];
}

/** The cache lifetime a page asks hosts for (SPEC §2: education pages, one hour); undefined for the rest. */
export function cacheHintSeconds(model: SiteView, entry: PageSummary): number | undefined {
  return entry.page.meta.structuredData === 'education' ? model.site.constants.education.cacheSeconds : undefined;
}

function structuredData(model: SiteView, entry: PageEntry, ctx: RenderContext): unknown {
  const { site } = model;
  const kind = entry.page.meta.structuredData;
  const url = absoluteUrl(model, entry.route);
  const provider = {
    '@type': 'Organization',
    name: site.company.legalName,
    url: absoluteUrl(model, '/'),
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.company.street,
      postalCode: site.company.postalCode,
      addressLocality: site.company.city,
      addressCountry: site.company.country,
    },
  };
  if (kind === 'business') {
    const price = Math.min(...Object.values(site.constants.plans).map((p) => p.price));
    const offer = structuredOffer(ctx);
    return {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: site.brand.name,
      description: entry.page.meta.description,
      url,
      inLanguage: localeEntry(site, entry.locale).lang,
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      ...(offer ? { featureList: offer.featureList } : {}),
      // SPEC §2: the offer price is the lowest plan price; with offer data each plan is an offer of its own.
      offers: {
        '@type': offer ? 'AggregateOffer' : 'Offer',
        price: String(price),
        priceCurrency: 'EUR',
        priceSpecification: perUserMonthPrice(ctx, price),
        ...(offer
          ? {
              lowPrice: price,
              highPrice: Math.max(...Object.values(site.constants.plans).map((p) => p.price)),
              offerCount: offer.offers.length,
              offers: offer.offers,
            }
          : {}),
      },
      provider,
    };
  }
  if (kind === 'education') {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebApplication',
      name: educationBrand(site.brand, entry.locale),
      description: entry.page.meta.description,
      url,
      inLanguage: localeEntry(site, entry.locale).lang,
      applicationCategory: 'EducationalApplication',
      operatingSystem: 'Web',
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: String(site.constants.education.offerPrice), priceCurrency: 'EUR' },
      provider,
    };
  }
  return undefined;
}

/**
 * The shared social preview (templates/og-image.png, rendered from og-image.svg), served at the site root
 * and announced with its size so platforms lay the card out before fetching it: the fallback for pages
 * without a card of their own (not indexable, or rendered without one, as `site dev` does).
 */
export const SOCIAL_IMAGE = { path: '/og-image.png', width: 1200, height: 630, type: 'image/png' } as const;

/**
 * Everything inside <head>, as HTML. Built as a string: React 19 would hoist or reorder these tags.
 * `loader` says whether the page links the island loader (it does when its body holds an island, see islands/protocol.ts).
 */
export function renderHead(ctx: RenderContext, loader: LoaderNeed): string {
  const { model, entry, strings, assets } = ctx;
  const { meta } = entry.page;
  const canonical = absoluteUrl(model, entry.route);
  const tags: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${headText(meta.title)}</title>`,
    `<meta name="description" content="${headText(meta.description)}">`,
  ];
  if (meta.keywords.length) tags.push(`<meta name="keywords" content="${escapeHtml(meta.keywords.join(', '))}">`);
  if (!isIndexable(entry.route, meta.noindex)) tags.push('<meta name="robots" content="noindex, nofollow">');
  const cacheSeconds = cacheHintSeconds(model, entry);
  if (cacheSeconds) tags.push(`<meta http-equiv="Cache-Control" content="public, max-age=${cacheSeconds}">`);
  if (!isNotFound(entry.route)) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  const family = isIndexable(entry.route, meta.noindex) ? alternates(model, entry) : [];
  for (const alt of hreflangSet(model, entry))
    tags.push(`<link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(absoluteUrl(model, alt.route))}">`);
  tags.push(
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(model.site.brand.name)}">`,
    `<meta property="og:title" content="${headText(meta.title)}">`,
    `<meta property="og:description" content="${headText(meta.description)}">`,
    ...(isNotFound(entry.route) ? [] : [`<meta property="og:url" content="${escapeHtml(canonical)}">`]),
    `<meta property="og:locale" content="${strings.ogLocale}">`,
  );
  const social = assets.socialImage ?? { ...SOCIAL_IMAGE, alt: strings.socialImageAlt };
  const image = escapeHtml(absoluteUrl(model, social.path));
  const imageAlt = headText(social.alt ?? meta.title);
  tags.push(
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:type" content="${escapeHtml(social.type)}">`,
    `<meta property="og:image:width" content="${social.width}">`,
    `<meta property="og:image:height" content="${social.height}">`,
    `<meta property="og:image:alt" content="${imageAlt}">`,
  );
  for (const alt of family) {
    const other = model.locales[alt.locale];
    if (alt.locale !== entry.locale && other) tags.push(`<meta property="og:locale:alternate" content="${other.ogLocale}">`);
  }
  tags.push(
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${headText(meta.title)}">`,
    `<meta name="twitter:description" content="${headText(meta.description)}">`,
    `<meta name="twitter:image" content="${image}">`,
    `<meta name="twitter:image:alt" content="${imageAlt}">`,
    '<meta name="theme-color" content="#4338ca">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...(assets.font ? [`<link rel="preload" href="${escapeHtml(assets.font)}" as="font" type="font/woff2" crossorigin>`] : []),
    `<link rel="stylesheet" href="${escapeHtml(assets.css)}">`,
    `<script>${consentProbeScript({ name: model.site.constants.cookies.consentName, maxAgeSeconds: model.site.constants.cookies.consentMaxAgeSeconds })}</script>`,
  );
  if (assets.loader && loader === 'page-load') tags.push(`<script data-islands="${escapeHtml(assets.loader)}">${ISLAND_START_SCRIPT}</script>`);
  const data = structuredData(model, entry, ctx);
  if (data) tags.push(`<script type="application/ld+json">${plainText(jsonForScript(data))}</script>`);
  return tags.join('\n');
}
