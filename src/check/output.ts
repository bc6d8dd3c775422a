import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { figureAt } from '../schema/offer-rules.ts';
import type { SiteModel } from '../content/model.ts';
import { formatEuro, formatNumber, formatPercent } from '../content/references.ts';
import { isNotFound } from '../content/routes.ts';
import { checkBudgets } from './budgets.ts';
import { checkClaimFootnotes } from './claims.ts';
import { checkHreflang, checkSitemap } from './seo.ts';
import { describeWithheldLink, withheldTarget } from './publishing.ts';
import type { CheckConfig } from '../content/check-config.ts';
import { finding, type Finding } from './finding.ts';
import { decodeEntities, describeElement, parseHtml, validateHtml, type HtmlElement } from './html.ts';
import { pageFacts, SiteIndex, type BuiltPage, type IndexedPage, type LinkRef } from './site-index.ts';
import type { ErrorCode } from '../errors/codes.ts';

export interface OutputCheckInput {
  outDir: string;
  model: SiteModel;
  config: CheckConfig;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.isDirectory()) out.push(...(await listFiles(path.join(dir, item.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Checks every route of the model against what was written to outDir. Routes come from the model, never a list. */
export async function checkOutput({ outDir, model, config }: OutputCheckInput): Promise<Finding[]> {
  const files = new Set(await listFiles(outDir));
  const out: Finding[] = [];
  // Each page's DOM is read once and let go: the rules across pages keep its facts (site-index.ts), the budgets its HTML.
  const pages: (IndexedPage & { html: string })[] = [];
  const site = new SiteIndex(model, files, [], config.noindex);
  for (const entry of model.pages) {
    if (!files.has(entry.file)) {
      out.push(
        finding({
          code: 'route-missing',
          severity: 'error',
          message: `route ${entry.route} has no output file`,
          route: entry.route,
          expected: entry.file,
          found: 'no such file',
          hint: 'run `site build` again; check the build for errors',
        }),
      );
      continue;
    }
    const html = await readFile(path.join(outDir, entry.file), 'utf8');
    const dom = parseHtml(html);
    const page = { entry, html, facts: pageFacts(dom) };
    pages.push(page);
    site.add(page);
    out.push(...(await checkPageAlone({ entry, html, dom }, site)));
  }
  for (const page of pages) out.push(...checkLinks(page, site));
  out.push(...checkHreflang(pages, site));
  out.push(...(await checkSitemap(outDir, files, site)));
  out.push(...(await checkBudgets(outDir, pages, config)));
  return out;
}

/**
 * The rules whose findings depend on the page alone (and the model it was rendered from): `site dev`
 * keeps their findings for pages whose HTML did not change. Links depend on other pages too (`checkLinks`).
 */
export async function checkPageAlone(page: BuiltPage, site: SiteIndex): Promise<Finding[]> {
  return [
    ...checkHead(page, site),
    ...checkImages(page),
    ...checkFigures(page, site.model),
    ...checkStructuredData(page, site.model),
    ...checkClaimFootnotes(page, site.model),
    ...(await checkValidity(page)),
  ];
}

/** link-broken and anchor-missing: every link and asset URL on the page resolves, and so does its #fragment. */
export function checkLinks(page: IndexedPage, site: SiteIndex): Finding[] {
  const out: Finding[] = [];
  const { route } = page.entry;
  const check = ({ url: href, anchors, element, offset }: LinkRef) => {
    // A bare #fragment stays on this page, whatever its route maps to (the 404 page is served at any path).
    const samePage = href.startsWith('#');
    const local = samePage ? href : site.internalPath(href);
    if (local === undefined) return;
    const [pathAndQuery = '', fragment] = local.split('#', 2);
    const target = samePage ? page.entry.file : site.fileFor(pathAndQuery.split('?')[0]!);
    // A link to a page this build leaves out (a draft, scheduled or expired) says so, not just "broken".
    const withheld = !target && anchors ? withheldTarget(site.model, pathAndQuery.split('?')[0]!) : undefined;
    if (withheld) {
      out.push(
        finding({
          code: 'link-unpublished',
          severity: 'error',
          ...describeWithheldLink(href, withheld),
          route,
          element,
          offset,
        }),
      );
      return;
    }
    if (!target) {
      out.push(
        finding({
          code: 'link-broken',
          severity: 'error',
          message: `${anchors ? 'link' : 'asset'} to ${href} points at no output file`,
          route,
          element,
          offset,
          expected: 'a route or file the build writes',
          found: href,
          hint: anchors ? 'fix the href in the content, or add the page it links to' : 'rebuild; the asset URL is stale',
        }),
      );
      return;
    }
    if (anchors && fragment && !site.hasId(target, fragment)) {
      const targetRoute = site.page(target)?.entry.route ?? `/${target}`;
      out.push(
        finding({
          code: 'anchor-missing',
          severity: 'error',
          message: `link to ${href}: ${targetRoute} has no element with id '${fragment}'`,
          route,
          element,
          offset,
          expected: `id="${fragment}" on ${targetRoute}`,
          found: 'no such id',
          hint: 'give a section of the target page that id, or fix the link',
        }),
      );
    }
  };
  for (const link of page.facts.links) check(link);
  return out;
}

function checkHead(page: BuiltPage, site: SiteIndex): Finding[] {
  const { entry, dom } = page;
  const { route } = entry;
  const out: Finding[] = [];
  const add = (code: ErrorCode, message: string, expected: string, found: string, hint: string, element?: string) =>
    out.push(finding({ code, severity: 'error', message, route, element, expected, found, hint }));

  const h1 = dom.querySelectorAll('h1');
  if (h1.length !== 1)
    add(
      'h1-count',
      `page has ${h1.length} <h1> elements`,
      'exactly one <h1>',
      h1.map(describeElement).join(', ') || 'none',
      'the first section renders the only <h1>; other headings are h2/h3',
    );
  const title = dom.querySelector('head > title')?.textContent.trim() ?? '';
  if (!title) add('head-title', 'page has no title', 'a non-empty <title>', 'none', 'set meta.title in the page file');
  const description = dom.querySelector('meta[name="description"]')?.getAttributeValue('content')?.trim() ?? '';
  if (!description)
    add('head-description', 'page has no meta description', 'a non-empty <meta name="description">', 'none', 'set meta.description in the page file');

  const want = `${site.base}${route === '/' ? '/' : route}`;
  const canonical = dom.querySelectorAll('link[rel="canonical"]');
  const href = canonical[0]?.getAttributeValue('href') ?? '';
  if (isNotFound(route)) {
    if (canonical.length)
      add(
        'canonical',
        'the not-found page names a canonical URL',
        'no canonical link: the page answers every unknown path',
        href,
        'the 404 page has no URL of its own',
      );
  } else if (canonical.length !== 1 || href !== want)
    add(
      'canonical',
      canonical.length === 1 ? `canonical URL ${href} does not match the route` : `page has ${canonical.length} canonical links`,
      want,
      canonical.map((c) => c.getAttributeValue('href')).join(', ') || 'none',
      'the canonical URL is baseUrl + route; check baseUrl in site.yaml',
    );

  const lang = dom.querySelector('html')?.getAttributeValue('lang') ?? '';
  if (lang !== entry.locale)
    add(
      'html-lang',
      `<html lang="${lang}"> does not match the page's locale`,
      entry.locale,
      lang || 'no lang attribute',
      'the template writes the locale of the page file into <html lang>',
    );

  const robots = dom.querySelector('meta[name="robots"]')?.getAttributeValue('content') ?? '';
  const noindex = site.isNoindex(entry);
  if (noindex && !/\bnoindex\b/.test(robots)) {
    if (site.requiredOnly(entry))
      add(
        'noindex',
        'check.yaml requires this route to be noindex but the HTML lets search engines index it',
        '<meta name="robots" content="noindex, …">',
        robots || 'no robots meta',
        `set meta.noindex: true in ${entry.source}`,
      );
    else
      add(
        'noindex',
        'page is marked noindex in the content but the HTML lets search engines index it',
        '<meta name="robots" content="noindex, …">',
        robots || 'no robots meta',
        'the head must carry robots noindex for meta.noindex pages and the 404 page',
      );
  }
  if (!noindex && /\bnoindex\b/.test(robots))
    add(
      'noindex',
      'page carries robots noindex but the content does not mark it noindex',
      'no noindex',
      robots,
      'set meta.noindex: true in the page file, or remove the robots tag',
    );
  return out;
}

/** Controls whose alt text is their accessible name, so it may not be empty (WCAG H36 and H24). */
const NAMED_BY_ALT = new Set(['input', 'area']);

/**
 * img-alt: every image has a text alternative — `alt` on `img` (empty for decorative images), a non-empty
 * `alt` on image buttons and image-map links, a name on `svg[role=img]`. html-validate's overlapping rules
 * (wcag/h36, wcag/h37, area-alt) are off in .htmlvalidate.json, so each missing alt is reported once.
 */
function checkImages(page: BuiltPage): Finding[] {
  const lacksName = (el: HtmlElement) => {
    if (el.tagName === 'svg') return !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby') && !el.querySelector('title');
    if (NAMED_BY_ALT.has(el.tagName)) return !(el.getAttributeValue('alt') ?? '').trim();
    return !el.hasAttribute('alt');
  };
  return page.dom
    .querySelectorAll('img, input[type="image"], area[href], svg[role="img"]')
    .filter(lacksName)
    .map((el) =>
      finding({
        code: 'img-alt',
        severity: 'error',
        message: `${el.tagName === 'svg' ? 'an svg with role="img"' : `<${el.tagName}>`} has no text alternative`,
        route: page.entry.route,
        element: describeElement(el),
        expected:
          el.tagName === 'svg'
            ? 'aria-label, aria-labelledby or <title>'
            : NAMED_BY_ALT.has(el.tagName)
              ? 'a non-empty alt attribute: it names the button or link'
              : 'an alt attribute (alt="" only for decorative images)',
        found: el.hasAttribute('alt') ? 'an empty alt' : 'none',
        hint: NAMED_BY_ALT.has(el.tagName) ? 'say where the link goes or what the button does' : 'describe what the image shows; decorative images get alt=""',
      }),
    );
}

function normalize(text: string): string {
  return decodeEntities(text)
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

function constantAt(model: SiteModel, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), model.site.constants);
}

/**
 * claim-figure: figures the templates print from constants still show those constants — plan prices
 * (`data-price`), savings claims (`data-claim`), totals (`data-total`) and any element that marks its
 * figure with `data-constant="key.path"` (+ `data-format="eur|number|percent"`), e.g. the chatbot table.
 */
function checkFigures(page: BuiltPage, model: SiteModel): Finding[] {
  const intl = model.locales[page.entry.locale]?.intl ?? page.entry.locale;
  const { constants } = model.site;
  const out: Finding[] = [];
  const expect = (el: HtmlElement, what: string, key: string, value: number | undefined, format: 'eur' | 'number' | 'percent') => {
    const shown = normalize(el.textContent);
    if (value === undefined) {
      out.push(
        finding({
          code: 'claim-figure',
          severity: 'error',
          message: `${what} names '${key}', which is not a numeric constant`,
          route: page.entry.route,
          element: describeElement(el),
          expected: 'a numeric constant in site.yaml',
          found: key,
        }),
      );
      return;
    }
    const want = normalize(format === 'eur' ? formatEuro(value, intl) : format === 'percent' ? formatPercent(value, intl) : formatNumber(value, intl));
    if (!shown.includes(want)) {
      out.push(
        finding({
          code: 'claim-figure',
          severity: 'error',
          message: `${what} shows "${shown}" but constants.${key} is ${value}`,
          route: page.entry.route,
          element: describeElement(el),
          expected: want,
          found: shown,
          hint: 'print the figure from the constant (a reference or the constants object), never as typed text',
        }),
      );
    }
  };
  for (const el of page.dom.querySelectorAll('[data-price]')) {
    const key = el.getAttributeValue('data-price') ?? '';
    expect(el, `price of plan '${key}'`, `plans.${key}.price`, constants.plans[key]?.price, 'eur');
  }
  for (const el of page.dom.querySelectorAll('[data-claim]')) {
    const key = el.getAttributeValue('data-claim') ?? '';
    expect(el, `savings claim '${key}'`, `savings.${key}.percent`, constants.savings[key]?.percent, 'percent');
  }
  for (const el of page.dom.querySelectorAll('[data-constant]')) {
    const key = el.getAttributeValue('data-constant') ?? '';
    const format = el.getAttributeValue('data-format');
    const value = constantAt(model, key);
    expect(el, `figure '${key}'`, key, typeof value === 'number' ? value : undefined, format === 'eur' || format === 'percent' ? format : 'number');
  }
  return out;
}

function* walkJson(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* walkJson(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* walkJson(item);
  }
}

/** jsonld-parse and claim-jsonld: structured data parses, and its offer prices are the constants'. */
function checkStructuredData(page: BuiltPage, model: SiteModel): Finding[] {
  const out: Finding[] = [];
  const { constants } = model.site;
  const lowestPlan = Math.min(...Object.values(constants.plans).map((p) => p.price));
  for (const el of page.dom.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(el.textContent);
    } catch (error) {
      out.push(
        finding({
          code: 'jsonld-parse',
          severity: 'error',
          message: `JSON-LD does not parse: ${(error as Error).message}`,
          route: page.entry.route,
          element: describeElement(el),
          hint: 'structured data is built in src/render/head.ts from the model',
        }),
      );
      continue;
    }
    for (const node of walkJson(data)) {
      const category = node.applicationCategory;
      const expected =
        category === 'BusinessApplication'
          ? { price: lowestPlan, from: 'the lowest plan price (constants.plans)' }
          : category === 'EducationalApplication'
            ? { price: constants.education.offerPrice, from: 'constants.education.offerPrice' }
            : undefined;
      if (!expected) continue;
      // A plan's or an add-on's own offer (sku = its key in site.yaml) and everything inside it carry its own price.
      const visit = (value: unknown, want: { price: number; from: string }): void => {
        if (Array.isArray(value)) return value.forEach((item) => visit(item, want));
        if (!value || typeof value !== 'object') return;
        const offer = value as Record<string, unknown>;
        const here = ownOfferPrice(model, offer.sku) ?? want;
        if (offer.price !== undefined && Number(offer.price) !== here.price) {
          out.push(
            finding({
              code: 'claim-jsonld',
              severity: 'error',
              message: `JSON-LD ${String(offer['@type'] ?? 'offer')} price ${String(offer.price)} is not ${here.from}`,
              route: page.entry.route,
              element: describeElement(el),
              expected: String(here.price),
              found: String(offer.price),
              hint: 'the offer price must follow the constants in site.yaml',
            }),
          );
        }
        for (const [key, item] of Object.entries(offer)) if (key !== 'price') visit(item, here);
      };
      visit(node.offers, expected);
    }
  }
  return out;
}

function ownOfferPrice(model: SiteModel, sku: unknown): { price: number; from: string } | undefined {
  if (typeof sku !== 'string') return undefined;
  const { constants, offer } = model.site;
  const plan = constants.plans[sku];
  if (plan && offer?.plans[sku]) return { price: plan.price, from: `constants.plans.${sku}.price` };
  const addon = offer?.addons[sku];
  const price = addon ? figureAt(constants, addon.price) : undefined;
  return addon && price !== undefined ? { price, from: `constants.${addon.price}` } : undefined;
}

async function checkValidity(page: BuiltPage): Promise<Finding[]> {
  const messages = await validateHtml(page.html, page.entry.file);
  return messages.map((m) =>
    finding({
      code: 'html-valid',
      severity: m.severity === 2 ? 'error' : 'warning',
      message: `${m.ruleId}: ${m.message}`,
      route: page.entry.route,
      element: m.selector ?? undefined,
      hint: m.ruleUrl ? `see ${m.ruleUrl}` : undefined,
    }),
  );
}
