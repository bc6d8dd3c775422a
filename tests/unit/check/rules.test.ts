import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/check/finding.ts';
import { expectedPercent } from '../../../src/check/claims.ts';
import { cleanup, errorsOf, only, runFixture } from './fixture.ts';

/** What a test asserts about a finding: severity, message and where (file:line:col or route + element). */
function shown(f: Finding): string {
  const where = f.location
    ? `${f.location.file}:${f.location.line ?? '-'}:${f.location.column ?? '-'}${f.location.path ? ` (${f.location.path})` : ''}`
    : `${f.route}${f.element ? ` ${f.element}` : ''}`;
  return `${f.severity} ${where} — ${f.message}`;
}
const findings = async (rule: string, ...codes: string[]) => only(await runFixture(rule), ...(codes.length ? codes : [rule])).map(shown);

afterAll(cleanup);

describe('the base fixture', () => {
  it('passes every rule: no errors, only the deploy warnings of unfinished company data', async () => {
    const run = await runFixture(undefined);
    expect(run.routes).toBe(6);
    expect(errorsOf(run)).toEqual([]);
    expect(new Set(run.findings.map((f) => f.code))).toEqual(new Set(['placeholder', 'backend-missing']));
  });
});

describe('content rules', () => {
  it('yaml-syntax: one mistake is one error, and the file still counts as present', async () => {
    const run = await runFixture('yaml-syntax');
    const [f, ...rest] = only(run, 'yaml-syntax');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe('error pages/home/de.yaml:10:1 — this line is indented differently from the other keys of its list item');
    expect(f!.found).toBe('the line "   title: Alle KI-Modelle an einem Ort"');
    expect(f!.hint).toContain('(4 further parser errors after this line left out: they usually follow from this one; fix it and run again)');
    // pages/home/de.yaml exists; it only failed to parse.
    expect(only(run, 'family-locales')).toEqual([]);
    expect(errorsOf(run)).toEqual([f]);
  });

  it('schema: a value the zod schema rejects, located in the file', async () => {
    expect(await findings('schema', 'invalid-value')).toEqual([
      'error site.yaml:38:24 (constants.plans.standard.price) — Too small: expected number to be >=0',
    ]);
  });

  it('link-bypass: every link target a browser would not read as https:, mailto:, tel: or this site is reported where it is written', async () => {
    const reported = await findings('link-bypass', 'invalid-value');
    expect(reported.map((f) => f.replace(/ — .*/, ''))).toEqual([
      'error pages/agb/de.yaml:11:7 (sections[0].body[0])',
      'error pages/agb/de.yaml:12:7 (sections[0].body[1])',
      'error pages/agb/de.yaml:13:7 (sections[0].body[2])',
      'error pages/agb/de.yaml:14:7 (sections[0].body[3])',
    ]);
    expect(reported[0]).toContain("unsafe or malformed link target '//evil.example/login'");
    expect(reported[3]).toContain("'http://evil.example'");
  });

  it('missing-file: a locale site.yaml lists without its UI strings file, reported where it is listed', async () => {
    const [f, ...rest] = only(await runFixture('missing-file'), 'missing-file');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe("error site.yaml:32:5 (locales[1]) — locales/en.yaml is missing: site.yaml lists 'en' in locales");
    expect(f).toMatchObject({
      expected: 'a file locales/en.yaml in the content directory',
      found: 'no such file',
      hint: 'create locales/en.yaml, or remove the locale from site.yaml',
    });
  });

  it('unknown-locale: files in a language site.yaml does not list, with the locales it does list', async () => {
    const found = only(await runFixture('unknown-locale'), 'unknown-locale');
    expect(found.map(shown)).toEqual([
      "error locales/fr.yaml:-:- — UI strings in 'fr', which site.yaml does not list in locales",
      "error pages/home/it.yaml:-:- — a page in 'it', which site.yaml does not list in locales",
    ]);
    expect(found.map((f) => [f.expected, f.found, f.hint])).toEqual([
      [
        'a file named after a locale in site.yaml: de.yaml, en.yaml',
        'fr.yaml',
        'add an entry with code: fr to locales in site.yaml (docs/authoring/languages.md, Add a language), or remove the file',
      ],
      [
        'a file named after a locale in site.yaml: de.yaml, en.yaml',
        'it.yaml',
        'add an entry with code: it to locales in site.yaml (docs/authoring/languages.md, Add a language), or remove the file',
      ],
    ]);
  });

  it('duplicate-route: two pages with one route, located at the second slug and naming the first', async () => {
    const [f, ...rest] = only(await runFixture('duplicate-route'), 'duplicate-route');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe('error pages/faq/de.yaml:2:7 (slug) — route /agb is produced by two pages');
    expect(f!.found).toBe('slug "agb" here and in pages/agb/de.yaml:2:7');
  });

  it('unknown-reference: a {{reference}} that resolves to no constant', async () => {
    const [f] = only(await runFixture('unknown-reference'), 'unknown-reference');
    expect(shown(f!)).toBe("error pages/home/de.yaml:11:14 (sections[0].lead) — unknown constant 'plans.standart.price'");
    expect(f!.found).toBe('{{plans.standart.price | eur}}');
  });

  it('locale-keys: missing and extra UI string keys, named per locale and file, at the parent key or the key itself', async () => {
    const run = await runFixture('locale-keys');
    const found = only(run, 'locale-keys');
    expect(found.map(shown)).toEqual([
      "error locales/en.yaml:9:1 (header.navLabel) — locales/en.yaml lacks the UI string 'header.navLabel' that the templates use",
      "error locales/en.yaml:9:1 (header.homeLabel) — locales/en.yaml lacks the UI string 'header.homeLabel' that the templates use",
      "error locales/en.yaml:10:3 (header.navLabell) — locales/en.yaml has the key 'header.navLabell', which no template uses",
      "error locales/en.yaml:11:3 (header.slogan) — locales/en.yaml has the key 'header.slogan', which no template uses",
    ]);
    expect(found[1]!.found).toBe('nothing here; present in locales/de.yaml');
    expect(found.map((f) => f.hint)).toEqual([
      "add 'header.navLabel' in this language (see src/schema/locale.ts)",
      "add 'header.homeLabel' in this language (see src/schema/locale.ts)",
      "did you mean 'navLabel'?",
      'remove it, or add it to the LocaleStrings schema and the template that prints it',
    ]);
    // The loader's own errors for the same keys are folded into these.
    expect(only(run, 'missing-key', 'unknown-key')).toEqual([]);
  });

  it('family-locales: the home family in every site locale, other families where check.yaml claims them', async () => {
    expect(await findings('family-locales')).toEqual([
      "error check.yaml:3:14 (families.impressum) — page family 'impressum' has no en page",
      "error site.yaml:31:3 (locales) — page family 'home' has no en page",
    ]);
  });

  it('anchor-duplicate: two sections of a page with one id', async () => {
    expect(await findings('anchor-duplicate')).toEqual(["error pages/home/de.yaml:33:9 (sections[4].id) — anchor id 'pricing' is used twice on this page"]);
  });

  it('schema-modeline: a content file without the editor schema line', async () => {
    const [f] = only(await runFixture('schema-modeline'), 'schema-modeline');
    expect(shown(f!)).toBe('warning pages/agb/de.yaml:1:1 — no editor schema line: editors cannot validate or complete this file');
    expect(f!.expected).toBe('# yaml-language-server: $schema=../../.schema/page.json');
  });
});

describe('claims against constants', () => {
  it('claim-savings: a price change that makes the savings percentages untrue names claim, constants and computed value', async () => {
    const run = await runFixture('claim-savings');
    const claims = only(run, 'claim-savings');
    expect(claims.map(shown)).toEqual([
      "error site.yaml:46:23 (constants.savings.vsTwo.percent) — savings claim 'vsTwo' says 53 % but the constants give 48.9 %",
      "error site.yaml:48:29 (constants.savings.plusVsThree.percent) — savings claim 'plusVsThree' says 68 % but the constants give 65.7 %",
    ]);
    expect(claims[0]!.found).toBe('53 — (ChatGPT Plus 22.99 + Claude Pro 21.99 = 44.98 − plus 23) / 44.98 × 100 = 48.87 %');
    expect(claims[0]!.expected).toBe('48');
    expect(claims[0]!.hint).toContain('s − 1 < p ≤ s');
  });

  it('claim-savings names each percentage a claim may say once: never "73 or 73"', () => {
    expect(expectedPercent({ computed: 73.12, upTo: true })).toBe('73');
    expect(expectedPercent({ computed: 73.6, upTo: true })).toBe('73 or 74');
    expect(expectedPercent({ computed: 73.6, upTo: false })).toBe('73');
  });

  it('claim-text: a typed savings figure that matches no claim is an error; one that matches is a warning', async () => {
    const run = await runFixture('claim-text');
    expect(only(run, 'claim-text').map(shown)).toEqual([
      "error pages/home/de.yaml:18:33 (sections[1].items[0].text) — savings claim '55 %' in the text matches no savings claim in site.yaml",
      "warning pages/home/de.yaml:11:11 (sections[0].lead) — savings figure '75 %' is typed into the text; it will not follow the constants",
    ]);
    expect(only(run, 'claim-text')[1]!.hint).toBe('write {{savings.vsThree.percent}} %');
    expect(only(run, 'claim-text')[0]!.expected).toBe('vsTwo 53 % (computed 53.3 %), vsThree up to 75 % (computed 74.6 %), plusVsThree 68 % (computed 68.6 %)');
  });

  it('figure-literal: a price typed into the text, with the reference to use instead', async () => {
    const [f] = only(await runFixture('figure-literal'), 'figure-literal');
    expect(shown(f!)).toBe("warning pages/home/de.yaml:11:11 (sections[0].lead) — price '17 €' is typed into the text");
    expect(f!.hint).toBe('write {{plans.standard.price | eur}} so it follows the constant');
  });

  it('claim-retention: the privacy policy types the retention period instead of printing the constant the purge uses', async () => {
    const [f, ...rest] = only(await runFixture('claim-retention'), 'claim-retention');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe(
      'error pages/datenschutz/de.yaml:1:1 — the privacy policy does not state the retention period of contact requests from the constant the software deletes by',
    );
    expect(f!.hint).toContain('{{privacy.contactRetentionMonths}}');
  });

  it('privacy-recipients: a listed recipient, its safeguard or a configured backend missing from the privacy policy', async () => {
    const found = only(await runFixture('privacy-recipients'), 'privacy-recipients').map(shown);
    expect(found).toEqual([
      "error pages/datenschutz/de.yaml:1:1 — the privacy policy does not name the recipient 'Hoster GmbH' that site.yaml lists",
      "error pages/datenschutz/de.yaml:1:1 — the privacy policy does not name the transfer safeguard of the recipient 'Model Corp.' that site.yaml lists",
      expect.stringMatching(
        /^error site\.yaml:\d+:\d+ \(constants\.privacy\) — the backend at abcdefgh\.supabase\.co receives the contact requests, but site\.yaml lists no such recipient for the privacy policy$/,
      ),
    ]);
    // The base site lists no recipients and sends contact requests to its own origin: nothing to name.
    expect(only(await runFixture(undefined), 'privacy-recipients')).toEqual([]);
  });

  it('claim-figure: a plan price and a data-constant figure in the HTML that are not their constants', async () => {
    const [price, chatbot, ...rest] = only(await runFixture('claim-figure'), 'claim-figure');
    expect(rest).toEqual([]);
    expect(shown(price!)).toBe('error / <span data-price="plus">19 €</span> — price of plan \'plus\' shows "19 €" but constants.plans.plus.price is 21');
    expect(price!.expected).toBe('21 €');
    expect(shown(chatbot!)).toBe(
      'error /impressum <span data-constant="chatbot.standard.months12">79 €</span> — figure \'chatbot.standard.months12\' shows "79 €" but constants.chatbot.standard.months12 is 89',
    );
    expect(chatbot!.expected).toBe('89 €');
  });

  it('claim-jsonld: the JSON-LD offer price follows the lowest plan price', async () => {
    const [f] = only(await runFixture('claim-jsonld'), 'claim-jsonld');
    expect(f).toMatchObject({
      severity: 'error',
      route: '/',
      message: 'JSON-LD Offer price 15 is not the lowest plan price (constants.plans)',
      expected: '17',
      found: '15',
    });
  });

  it('claim-jsonld: on an education page the offer price is constants.education.offerPrice', async () => {
    const [f, ...rest] = only(await runFixture('claim-jsonld-education'), 'claim-jsonld');
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      severity: 'error',
      route: '/faq',
      message: 'JSON-LD Offer price 9 is not constants.education.offerPrice',
      expected: '0',
      found: '9',
    });
    expect(f!.source).toEqual({ file: 'pages/faq/de.yaml', line: 6, column: 19, path: 'meta.structuredData' });
  });
});

describe('the offer against its data (site.yaml offer)', () => {
  it('offer-base: offer data, its labels and copy that agrees with them pass every offer rule', async () => {
    const run = await runFixture('offer-base');
    expect(errorsOf(run)).toEqual([]);
    expect(run.findings.filter((f) => f.code.startsWith('offer-'))).toEqual([]);
  });

  it('offer-included-and-extra: a feature called included on a page that sells it as an add-on', async () => {
    const [f, ...rest] = only(await runFixture('offer-included-and-extra'), 'offer-included-and-extra');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe("error pages/home/de.yaml:11:11 (sections[0].lead) — the page states 'Transkription' as included here and as paid extra elsewhere");
    expect(f!.found).toBe(
      'included: "Ab 17\u00a0€ pro Nutzer und Monat. Transkription ist inklusive."; paid extra: "Transkription" (sections[3].items[0].title)',
    );
  });

  it('offer-plan-claim: a plan card claims a feature its plan does not include', async () => {
    const [f, ...rest] = only(await runFixture('offer-plan-claim'), 'offer-plan-claim');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe(
      "error pages/home/de.yaml:23:52 (sections[2].plans[0].tagline) — text about plan 'standard' claims 'Bevorzugter Support', which the plan does not include",
    );
    expect(f!.hint).toBe("'prioritySupport' is included in smart; say so there, or add it to the plan in site.yaml");
  });

  it('offer-badge: a badge label whose superlative the prices contradict, at the locale label', async () => {
    const [f, ...rest] = only(await runFixture('offer-badge'), 'offer-badge');
    expect(rest).toEqual([]);
    expect(shown(f!)).toMatch(
      /^error locales\/de\.yaml:\d+:\d+ \(offer\.badges\.bestValue\) — the badge "Bester Preis" is not true of the figures: plan 'smart' costs 19 € but 'standard' costs 17 €$/,
    );
  });

  it('offer-badge: a badge written on a plan card, without offer data', async () => {
    const [f, ...rest] = only(await runFixture('offer-badge-page'), 'offer-badge');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe(
      "error pages/home/de.yaml:24:60 (sections[2].plans[1].badge) — the badge \"Bester Preis\" is not true of the figures: plan 'plus' costs 21 € but 'standard' costs 17 €, 'smart' costs 19 €",
    );
  });

  it('offer-labels: a language without the label of a feature the offer data lists', async () => {
    const [f, ...rest] = only(await runFixture('offer-labels'), 'offer-labels');
    expect(rest).toEqual([]);
    expect(f!.message).toBe("locales/en.yaml has no label for 'offer.features.prioritySupport', which the offer data in site.yaml uses");
  });
});

describe('the claims register (site.yaml claimRegister)', () => {
  it('claims-base: a page that shows a registered claim carries its numbered footnote; no errors', async () => {
    const run = await runFixture('claims-base');
    expect(errorsOf(run)).toEqual([]);
    expect(only(run, 'claim-footnote', 'claim-unregistered')).toEqual([]);
  });

  it('claim-footnote: a built page showing a registered claim without its footnote', async () => {
    const [f, ...rest] = only(await runFixture('claim-footnote'), 'claim-footnote');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe("error /faq — the page shows the registered claim 'availability' without its footnote");
    expect(f!.expected).toBe('a footnote <li id="claim-availability"> with claimNotes.availability of locales/de.yaml');
  });

  it('claim-footnote: a figure followed by a footnote link still counts as shown, and a link without its note fails', async () => {
    const [f, ...rest] = only(await runFixture('claim-footnote-linked'), 'claim-footnote');
    expect(rest).toEqual([]);
    expect(f && shown(f)).toBe("error /faq — the page shows the registered claim 'availability' without its footnote");
  });

  it('claim-unregistered: a registered figure typed into copy instead of referenced', async () => {
    const [f, ...rest] = only(await runFixture('claim-unregistered'), 'claim-unregistered');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe("error pages/home/de.yaml:11:11 (sections[0].lead) — the figure of the registered claim 'availability' is typed into the text");
    expect(f!.expected).toBe('{{claims.availability}}');
  });
});

describe('output rules', () => {
  it('link-broken: an internal link to a route the build does not write, placed at the YAML that wrote it', async () => {
    const [f, ...rest] = only(await runFixture('link-broken'), 'link-broken');
    expect(rest).toEqual([]);
    expect(shown(f!)).toBe('error / <a href="/chatbot">Unsere Chatbots</a> — link to /chatbot points at no output file');
    // At the link target inside the string, not at the start of the paragraph.
    expect(f!.source).toEqual({ file: 'pages/home/de.yaml', line: 35, column: 62, path: 'sections[4].body[0]' });
  });

  it('link-repeated: with the same link text twice and only the second link broken, the finding names the second', async () => {
    const run = await runFixture('link-repeated');
    const found = only(run, 'link-broken', 'anchor-missing');
    expect(found.map(shown)).toEqual([
      'error /faq <a href="#kontakt">Kontakt</a> — link to #kontakt: /faq has no element with id \'kontakt\'',
      'error /faq <a href="/preise">Mehr</a> — link to /preise points at no output file',
    ]);
    // pages/faq/de.yaml line 11: `      - "Zum Impressum: [Mehr](/impressum). Zu den Preisen: [Mehr](/preise)."` (the second target
    // at column 68); line 16: the second `      - { label: Kontakt, href: "#kontakt" }` (its href value at column 33).
    expect(found.map((f) => f.source)).toEqual([
      { file: 'pages/faq/de.yaml', line: 16, column: 33, path: 'sections[1].actions[1].href' },
      { file: 'pages/faq/de.yaml', line: 11, column: 68, path: 'sections[0].body[0]' },
    ]);
    // The offset that tied each finding to its element is not part of the report.
    for (const f of found) expect(f).not.toHaveProperty('offset');
  });

  it('link-broken: a footer link from the locale file is placed there on every page that shows it', async () => {
    const found = only(await runFixture('link-broken-footer'), 'link-broken');
    expect(found.map((f) => f.route)).toEqual(['/', '/agb', '/datenschutz', '/faq', '/impressum']);
    for (const f of found) {
      expect(f.message).toBe('link to /impresum points at no output file');
      expect(f.source).toEqual({ file: 'locales/de.yaml', line: 50, column: 37, path: 'footer.columns[1].items[2].href' });
    }
  });

  it('link-broken: assets (script, stylesheet, image) the build did not write', async () => {
    expect(await findings('link-broken-assets', 'link-broken')).toEqual([
      'error / <img src="/bilder/team.jpg"> — asset to /bilder/team.jpg points at no output file',
      'error / <script data-islands="/assets/islands-STALE.js"> — asset to /assets/islands-STALE.js points at no output file',
      'error / <link href="/assets/site-STALE.css" rel="stylesheet"> — asset to /assets/site-STALE.css points at no output file',
    ]);
  });

  it('anchor-missing: #anchors on the same page and on another page', async () => {
    expect(await findings('anchor-missing')).toEqual([
      'error / <a href="#kontakt">Kontakt</a> — link to #kontakt: / has no element with id \'kontakt\'',
      'error / <a href="/impressum#team">Impressum</a> — link to /impressum#team: /impressum has no element with id \'team\'',
    ]);
  });

  it('h1-count: exactly one <h1>', async () => {
    expect(await findings('h1-count')).toEqual(['error / — page has 0 <h1> elements']);
  });

  it('head-title and head-description: both present and non-empty', async () => {
    expect(await findings('head-title')).toEqual(['error /impressum — page has no title']);
    expect(await findings('head-description')).toEqual(['error /impressum — page has no meta description']);
  });

  it('canonical: the canonical URL is baseUrl + route', async () => {
    expect(await findings('canonical')).toEqual(['error /agb — canonical URL https://example.org/impressum does not match the route']);
  });

  it('html-lang: <html lang> is the page locale', async () => {
    expect(await findings('html-lang')).toEqual(['error /en — <html lang="de"> does not match the page\'s locale']);
  });

  it('hreflang: alternates are reciprocal and list every translation', async () => {
    expect(await findings('hreflang')).toEqual([
      'error / <link href="https://example.org/en" rel="alternate" hreflang="en"> — /en does not link back to this page (hreflang must be reciprocal)',
      'error /en — no hreflang alternate for the de translation of this page',
    ]);
  });

  it('jsonld-parse: structured data parses', async () => {
    const [f] = only(await runFixture('jsonld-parse'), 'jsonld-parse');
    expect(f).toMatchObject({ severity: 'error', route: '/' });
    expect(f!.message).toMatch(/^JSON-LD does not parse: /);
  });

  it('noindex: a noindex page carries robots noindex', async () => {
    expect(await findings('noindex')).toEqual(['error /impressum — page is marked noindex in the content but the HTML lets search engines index it']);
  });

  it('noindex: a route check.yaml lists as noindex (e.g. /leitfaden) is noindex whatever its page file says', async () => {
    const [f] = only(await runFixture('noindex-required'), 'noindex');
    expect(shown(f!)).toBe('error /faq — check.yaml requires this route to be noindex but the HTML lets search engines index it');
    expect(f!.hint).toBe('set meta.noindex: true in pages/faq/de.yaml');
  });

  it('sitemap: noindex pages absent, every URL built, every indexable page listed', async () => {
    expect(await findings('sitemap', 'sitemap', 'noindex')).toEqual([
      'error /sitemap.xml <loc>https://example.org/agb</loc> — sitemap.xml lists /agb, which is noindex',
      'error /sitemap.xml <loc>https://example.org/preise</loc> — sitemap.xml lists https://example.org/preise, which is not a built page',
      'warning /sitemap.xml — indexable page /faq is missing from sitemap.xml',
    ]);
  });

  it('html-valid: html-validate with the repo config', async () => {
    expect(await findings('html-valid')).toEqual(['error /faq #main — no-dup-attr: Attribute "id" duplicated']);
  });

  it('img-alt: images have a text alternative, image buttons a non-empty one; each reported once', async () => {
    const run = await runFixture('img-alt');
    expect(only(run, 'img-alt').map(shown)).toEqual([
      'error /datenschutz <img src="/favicon.svg"> — <img> has no text alternative',
      'error /datenschutz <input src="/favicon.svg" type="image"> — <input> has no text alternative',
    ]);
    expect(only(run, 'img-alt')[1]).toMatchObject({ expected: 'a non-empty alt attribute: it names the button or link', found: 'an empty alt' });
    // html-validate's own alt rules (wcag/h36, wcag/h37, area-alt) are off: no second report of the same alt.
    expect(only(run, 'html-valid').filter((f) => /\balt\b/.test(f.message))).toEqual([]);
  });

  it('budget: HTML, CSS and page-load JS over their per-route gzip budgets, naming route, files and size', async () => {
    const found = only(await runFixture('budget'), 'budget');
    expect(found.map((f) => [f.route, f.expected])).toEqual([
      ['/', '≤ 1 KB (gzip -9)'],
      ['/agb', '≤ 1 KB (gzip -9)'],
      ['/faq', '≤ 1 KB (gzip -9)'],
    ]);
    const [js, css, html] = found;
    expect(js!.message).toMatch(/^JS before interaction of \/ is \d+\.\d KB gzip, over its budget of 1\.0 KB$/);
    // The loader with its static import (esbuild's helper chunk), nothing else: the contact form waits to be
    // visible, and the cookie banner a first visit shows needs no script.
    expect(js!.element).toMatch(/^\/assets\/islands-\w+\.js, \/assets\/chunk-\w+\.js$/);
    expect(css!.message).toMatch(/^CSS of \/agb is \d+\.\d KB gzip, over its budget of 1\.0 KB$/);
    expect(css!.element).toMatch(/^\/assets\/site-\w+\.css$/);
    expect(html!.message).toMatch(/^HTML of \/faq is \d+\.\d KB gzip, over its budget of 1\.0 KB$/);
    expect(html!.element).toBe('faq/index.html');
    for (const f of found) expect(f.found).toMatch(/^\d+\.\d KB \(\d+ bytes\)$/);
  });

  it('route-missing: every route of the model has its output file', async () => {
    expect(await findings('route-missing')).toEqual(['error /faq — route /faq has no output file']);
  });
});

describe('deploy settings', () => {
  it('base-url-local: a local base URL in site.yaml is a warning outside deploy mode', async () => {
    const run = await runFixture('base-url-local');
    expect(errorsOf(run)).toEqual([]);
    expect(only(run, 'base-url-local').map(shown)).toEqual([
      'warning site.yaml:9:10 (baseUrl) — base URL http://localhost:4321 is a local address: canonical links, hreflang and the sitemap would point there',
    ]);
  });

  it('base-url-local: a local base URL given at build time is blamed on --base-url / SITE_URL, not on site.yaml', async () => {
    const [f, ...rest] = only(await runFixture('base-url-local-env'), 'base-url-local');
    expect(rest).toEqual([]);
    expect(f!.location).toBeUndefined();
    expect(f).toMatchObject({
      severity: 'warning',
      message: 'base URL http://127.0.0.1:8080 (from --base-url or SITE_URL) is a local address: canonical links, hreflang and the sitemap would point there',
      found: "http://127.0.0.1:8080, given at build time instead of site.yaml's https://example.org",
    });
  });
});

describe('strict mode', () => {
  it('turns placeholder data, a missing backend and a local base URL into errors', async () => {
    const run = await runFixture('strict');
    expect(only(run, 'base-url-local', 'backend-missing').map(shown)).toEqual([
      'error site.yaml:9:10 (baseUrl) — base URL http://localhost:4321 is a local address: canonical links, hreflang and the sitemap would point there',
      "error site.yaml:27:8 (backend.url) — no backend URL: contact requests would go to the site's own origin",
      "error site.yaml:28:12 (backend.anonKey) — no backend anon key: contact requests would go to the site's own origin",
    ]);
    expect(only(run, 'placeholder').map(shown)[0]).toBe(
      "error site.yaml:10:21 (email) — placeholder company data 'service@ki-zentrale.de' is still in the content",
    );
    expect(only(run, 'placeholder')).toHaveLength(6);
  });

  it('placeholder: well-known dummy values in company data fail even without the !placeholder tag', async () => {
    const run = await runFixture('placeholder-dummy');
    expect(only(run, 'placeholder').map(shown)).toEqual([
      "error site.yaml:10:8 (email) — company data 'info@example.com' is a reserved example domain (example.com, example.org; RFC 2606), not the real value",
      "error site.yaml:13:11 (company.street) — company data 'Musterstraße 1' is a sample address (Musterstraße, Musterstadt), not the real value",
      "error site.yaml:14:28 (company.postalCode) — placeholder company data '95444' is still in the content",
      "error site.yaml:18:19 (company.registryNumber) — company data 'HRB 00000' is an all-zero registry number (HRB 00000), not the real value",
      "error site.yaml:19:10 (company.vatId) — company data 'DE000000000' is a sample VAT ID (DE000000000, DE123456789), not the real value",
      "error site.yaml:20:21 (company.managingDirector) — company data 'Max Mustermann' is the German sample name (Max/Erika Mustermann), not the real value",
      "error site.yaml:21:36 (company.contentResponsible) — placeholder company data 'Max Mustermann' is still in the content",
    ]);
  });
});
