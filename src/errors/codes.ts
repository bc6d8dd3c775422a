/**
 * The catalogue of every error and finding code `site` reports. A code is permanent: a search for it must always
 * find its entry here and in docs/reference/errors.md (generated from this file by `npm run docs`). The message at
 * the throw site says what happened in this case; the entry says what the code means in general and how to fix it.
 * A test fails on a code used in src/ that is not listed here.
 */

export type CodeKind = 'content' | 'build' | 'check' | 'copy' | 'redirects' | 'publishing';

export interface CodeEntry {
  /** What went wrong, in a few words. */
  title: string;
  /** Where it is reported and why it matters: one or two sentences. */
  explanation: string;
  /** What to do about it. */
  hint: string;
  kind: CodeKind;
}

/** `satisfies` keeps each key a literal (for `ErrorCode`) while checking every entry's shape. */
export const ERROR_CODES = {
  // The loader: parsing and schema validation of every content file.
  'yaml-syntax': {
    kind: 'content',
    title: 'The file is not valid YAML',
    explanation:
      "A content file could not be parsed. Each mistake is reported once, at its line and column; the parser's follow-up errors are counted in the hint.",
    hint: 'Fix the line shown. A value with ": " or "#" in it needs quotes; indentation must use spaces.',
  },
  'yaml-alias': {
    kind: 'content',
    title: 'YAML aliases that expand too far',
    explanation:
      'Aliases (`*name`) repeat an anchored part of the file; these would expand it past 100,000 values, or an alias sits inside its own anchor (an endless file). The loader refuses the file instead of building it.',
    hint: "Write the repeated part out, or keep a repeated value in site.yaml's constants and refer to it with `{{…}}`.",
  },
  'missing-key': {
    kind: 'content',
    title: 'A required key is missing',
    explanation: 'The schema needs a key that the object does not have. It is reported at the parent key, since the missing one has no line of its own.',
    hint: 'Add the key named in the message; your editor completes it with the schema line at the top of the file.',
  },
  'unknown-key': {
    kind: 'content',
    title: 'A key the schema does not know',
    explanation: 'Every content object is strict, so a misspelt key is an error instead of a text that silently never shows.',
    hint: 'Use the key suggested by "did you mean", or remove it.',
  },
  'invalid-value': {
    kind: 'content',
    title: 'A value of the wrong type or form',
    explanation: 'The value does not match what the schema expects here (a number, a list, a URL, one of a set of words, a date with its offset …).',
    hint: 'Write the value as "expected" says.',
  },
  'unknown-type': {
    kind: 'content',
    title: 'An unknown section type',
    explanation: "A section's `type` picks its component, and no component has this name.",
    hint: 'Use one of the listed types (did you mean …?); docs/reference/sections.md lists them all.',
  },
  'missing-file': {
    kind: 'content',
    title: 'A content file is missing',
    explanation: "A file the site needs (site.yaml, a locale's UI strings) does not exist. A missing locale file is reported at its entry in site.yaml.",
    hint: "Create the file, e.g. by copying another language's and translating it.",
  },
  'unknown-locale': {
    kind: 'content',
    title: 'A file for a language the site does not list',
    explanation: 'A locale or page file is named after a language code that is not under `locales` in site.yaml, so it would never be built.',
    hint: 'Add the language to `locales` in site.yaml (docs/authoring/languages.md), rename the file, or remove it.',
  },
  'duplicate-route': {
    kind: 'content',
    title: 'Two pages with one route',
    explanation: "Two page files produce the same URL; it is reported at the second page's `slug` and names the first.",
    hint: 'Give one of the pages another slug.',
  },
  'unknown-reference': {
    kind: 'content',
    title: 'A `{{reference}}` to no constant',
    explanation: 'Text may print constants from site.yaml with `{{key.path}}`; this key does not exist.',
    hint: 'Use the key suggested by "did you mean", or add the constant under `constants` in site.yaml.',
  },
  'unknown-format': {
    kind: 'content',
    title: 'An unknown format after `|`',
    explanation: 'A reference can be formatted (`| eur`, `| duration`); this format does not exist.',
    hint: 'Use `| eur` for money, `| duration` for a constant named …Seconds or …Days, or no format.',
  },
  'invalid-reference': {
    kind: 'content',
    title: 'A reference to a constant that cannot be printed',
    explanation: 'The key exists but names a group of constants, or a value the format cannot print (a duration of a constant whose name gives no unit).',
    hint: 'Reference a single figure or text, e.g. `plans.standard.price` instead of `plans.standard`.',
  },
  'unsafe-out-dir': {
    kind: 'build',
    title: 'The output folder would contain the project',
    explanation: 'A build empties its output folder first; this one contains the project or its content, which would be deleted.',
    hint: 'Choose an output folder of its own, e.g. dist.',
  },
  'out-dir-not-ours': {
    kind: 'build',
    title: 'The output folder holds files no build wrote',
    explanation:
      'A build empties its output folder first. A folder that is not empty and has no `.<name>.sources.json` beside it (which every build leaves) and no record in the page cache was not written by `site build`, so emptying it could delete your files.',
    hint: 'Choose a new or empty folder, or pass `--empty-out` to `site build` to delete what the folder holds.',
  },
  'out-not-a-folder': {
    kind: 'build',
    title: 'The output path is a file',
    explanation: 'The build writes a folder of pages; the path given as `--out` is an existing file, which the build does not replace.',
    hint: 'Pass a folder path (it is created if missing), e.g. `--out dist`.',
  },
  'out-dir-unwritable': {
    kind: 'build',
    title: 'The output folder cannot be written',
    explanation: 'Creating, emptying or writing the output folder failed for lack of permission (EACCES, EPERM) or a read-only file system (EROFS).',
    hint: 'Choose a folder you can write to, or give your user write permission on it (e.g. `chown` or `chmod u+w`).',
  },

  // Content rules of `site check` (and `site dev`).
  'locale-keys': {
    kind: 'check',
    title: 'UI strings missing or unknown in a locale file',
    explanation: 'Each `locales/<lang>.yaml` must have every UI string the templates use and no other; a missing one is reported at its parent key.',
    hint: 'Add the missing key (copy it from another language and translate it), or fix the misspelt one.',
  },
  'family-locales': {
    kind: 'check',
    title: 'A page family lacks a language',
    explanation:
      'The home family must exist in every language of site.yaml, and each family listed under `families:` in check.yaml in every language it claims.',
    hint: 'Add the missing `pages/<family>/<lang>.yaml`, or change the claim in check.yaml.',
  },
  'anchor-duplicate': {
    kind: 'check',
    title: 'Two sections share an id',
    explanation: "A section's `id` is its anchor (`#id`); two with one id (or the id `main`) make links land on the wrong one.",
    hint: 'Give each section of the page its own id.',
  },
  'header-menu': {
    kind: 'check',
    title: "The page's navigation bar has no menu in its language",
    explanation: "A page's `header:` picks a list under `header.menus` in its locale file; without that list the bar would have no links.",
    hint: 'Add `header.menus.<variant>` (entries `{ label, href }`) to the locale file, or pick a variant it has.',
  },
  'schema-modeline': {
    kind: 'check',
    title: 'The file does not name its schema',
    explanation: 'Without its `# yaml-language-server: $schema=…` first line, editors cannot validate and complete the file.',
    hint: 'Add the line the message shows at the top of the file (`npx site schema` writes the schemas).',
  },
  'claim-savings': {
    kind: 'check',
    title: 'A savings claim no longer follows from the prices',
    explanation:
      'Each claim in `constants.savings` is recomputed from the plan and comparison prices; a plain claim must not overstate, an "up to" claim may round to the nearest percent.',
    hint: 'Change the claimed percentage to what the message computes, or the prices it compares.',
  },
  'claim-text': {
    kind: 'check',
    title: 'A savings percentage typed into text',
    explanation: 'A typed percentage drifts when prices change: an error when it matches no claim (it already has), a warning when it matches one.',
    hint: 'Reference the claim, e.g. `{{savings.vsTwo.percent}}`, instead of typing the figure.',
  },
  'claim-footnote': {
    kind: 'check',
    title: 'A registered claim shown without its footnote',
    explanation:
      'Every claim in `claimRegister` states what it rests on; a page that shows the figure must show that basis as a numbered note, in the order the claims appear.',
    hint: "Print the figure by reference (e.g. `{{savings.vsTwo.percent}}`) so its note is added, or add the claim to the page's notes.",
  },
  'claim-unregistered': {
    kind: 'check',
    title: 'A registered figure typed into copy',
    explanation: 'A figure that matches a registered claim but is typed instead of referenced gets no footnote and drifts when the register changes.',
    hint: "Reference the claim's constant instead of typing the number.",
  },
  'offer-included-and-extra': {
    kind: 'check',
    title: 'A feature both included and sold as an add-on',
    explanation: 'A page may not call a feature part of a plan in one place and a paid extra in another: the offer data in site.yaml says which it is.',
    hint: 'Render the plan and add-on lists from the offer data (`- offer: plans` / `- offer: addons`) and remove the free-text claim.',
  },
  'offer-plan-claim': {
    kind: 'check',
    title: "A plan's text claims a feature the plan does not include",
    explanation: 'Marketing text on a plan card may only name features that `offer.plans.<plan>.includes` lists (or inherits).',
    hint: 'Add the feature to the plan in site.yaml, or take it out of the text.',
  },
  'offer-badge': {
    kind: 'check',
    title: 'A badge superlative the prices contradict',
    explanation: 'A badge such as "cheapest" or "best price" must be true of the figures; SPEC §9 calls Smart the best value, not the cheapest.',
    hint: 'Use a badge the figures bear out, e.g. "best value" for the plan with the lowest price per month over its term.',
  },
  'offer-labels': {
    kind: 'check',
    title: 'A language lacks a label the offer data uses',
    explanation: 'Each feature, plan, add-on and trial id the offer data uses needs a label under `offer` in every locale file that shows it.',
    hint: 'Add the missing label to the locale file named in the finding.',
  },
  'editor-filler': {
    kind: 'check',
    title: 'A text is still the editor’s stock text for a new entry',
    explanation: '/admin starts a new entry with a text to type over ("Neue Frage?", "Neuer Text"); left as it is, visitors read it.',
    hint: 'Write the real text, or remove the entry.',
  },
  'figure-literal': {
    kind: 'check',
    title: 'A euro amount typed into text',
    explanation: 'Prices are defined once in site.yaml; a typed amount is not updated when the price changes.',
    hint: 'Write the reference the hint names, e.g. `{{plans.standard.price | eur}}`.',
  },
  'claim-retention': {
    kind: 'check',
    title: 'The privacy policy states the retention period without its constant',
    explanation: 'The period the policy states must be the one the software enforces (`constants.privacy.contactRetentionMonths`).',
    hint: 'Write `{{privacy.contactRetentionMonths}}` instead of the number.',
  },
  'privacy-recipients': {
    kind: 'check',
    title: 'The privacy policy misses a recipient of personal data',
    explanation:
      'Every recipient in `constants.privacy.recipients` (and the transfer safeguard of one outside the EU/EEA) must be printed in the privacy policy by reference; a Supabase backend needs a Supabase recipient.',
    hint: 'Name the recipient with `{{privacy.recipients.<id>.name}}` (and `.safeguard`), or add the missing recipient to site.yaml.',
  },
  placeholder: {
    kind: 'check',
    title: 'Placeholder or dummy data is still in the content',
    explanation:
      'A value tagged `!placeholder`, or well-known dummy company data (Max Mustermann, 12345, example.com …), would go live. A warning, an error with `--strict`.',
    hint: 'Replace the value with the real one before deploying (the legal pages print it).',
  },
  'backend-missing': {
    kind: 'check',
    title: 'No contact backend is configured',
    explanation: 'Without a backend URL and anon key the contact forms cannot send. A warning, an error with `--strict`.',
    hint: 'Set SUPABASE_URL and SUPABASE_ANON_KEY at build time, or `backend` in site.yaml.',
  },
  'base-url-local': {
    kind: 'check',
    title: 'The base URL is a local address',
    explanation: 'Canonical links, the sitemap and social cards would point at localhost. A warning, an error with `--strict`.',
    hint: 'Set SITE_URL (or `--base-url`, or `baseUrl` in site.yaml) to the public address.',
  },
  'translation-stale': {
    kind: 'check',
    title: 'A required translation is out of date',
    explanation:
      'The German text changed after the translation was recorded in `translations.lock.yaml`, on a page marked `translation: required`. A warning, an error with `--strict`.',
    hint: 'Update the translation, then record it: `npx site translations --accept <locale>:<page>`.',
  },
  'generated-stale': {
    kind: 'check',
    title: 'A file generated for the contact function is out of date',
    explanation:
      "The function's list of languages or the privacy policy's version no longer matches the content. `site check` reports it instead of writing it, so a CI gate leaves the tree as it found it.",
    hint: 'Run `npx site build`, commit the generated file and redeploy the function (`npx supabase functions deploy rapid-worker`).',
  },
  'ignore-reason': {
    kind: 'check',
    title: 'A `site-check-ignore` comment without a rule or reason',
    explanation: 'A silenced rule must say which rule and why, so the next reader can judge it.',
    hint: 'Write `# site-check-ignore <rule>: <reason>` with a known rule.',
  },

  // Copy rules: termbase, typography, language.
  'glossary-term': {
    kind: 'copy',
    title: 'A term the termbase forbids',
    explanation: '`content/glossary.yaml` lists per concept the term each language writes and the variants it must not.',
    hint: 'Write the preferred term the hint names.',
  },
  'typo-quotes': {
    kind: 'copy',
    title: 'Quotation marks of another language',
    explanation: 'Each language has its own quotation marks („…“ in German, « … » in French, “…” in English).',
    hint: 'Use the marks the hint shows for this language.',
  },
  'typo-apostrophe': {
    kind: 'copy',
    title: 'A wrong apostrophe',
    explanation: 'A typed ‘, ` or ´ inside a word is not an apostrophe; the renderer sets ’ for a straight one.',
    hint: "Type a straight ' or ’.",
  },
  'typo-space-fr': {
    kind: 'copy',
    title: 'French spacing before punctuation',
    explanation: 'French sets a (narrow) no-break space before ? ! ; : and inside « ».',
    hint: 'Type a space before the mark; the renderer makes it a no-break space.',
  },
  'typo-unit-space': {
    kind: 'copy',
    title: 'The space between a figure and its unit',
    explanation: 'German, French and Spanish write `53 %` and `17 €`; English `53%` and `€17`.',
    hint: 'Write the figure and unit as the hint shows for this language.',
  },
  'typo-inverted-mark': {
    kind: 'copy',
    title: 'A Spanish question or exclamation without its opening mark',
    explanation: 'Spanish opens questions with ¿ and exclamations with ¡.',
    hint: 'Add ¿ or ¡ at the start of the sentence.',
  },
  'typo-range': {
    kind: 'copy',
    title: 'A hyphen between figures',
    explanation: 'A range of figures takes an en dash (85–100), not a hyphen. A warning, an error with `--strict`.',
    hint: 'Replace the hyphen with –.',
  },
  'typo-number': {
    kind: 'copy',
    title: 'A thousands separator of another language',
    explanation: 'Figures are grouped as the language writes them (1.000, 1 000, 1,000). A warning, an error with `--strict`.',
    hint: 'Write the figure as the hint shows, or reference the constant so it is formatted for you.',
  },
  'copy-untranslated': {
    kind: 'copy',
    title: 'A string identical to the German one',
    explanation: 'A French, English or Spanish string is word for word the German string under the same key. A warning, an error with `--strict`.',
    hint: 'Translate it, or silence it with `# site-check-ignore copy-untranslated: <reason>` when it is the same word.',
  },
  'copy-language': {
    kind: 'copy',
    title: 'A sentence in another language',
    explanation:
      'A sentence with more function words of another site language than its own, or a word with letters the language does not have. A warning, an error with `--strict`.',
    hint: 'Translate the sentence, or tag a quoted string `!verbatim`.',
  },

  'copy-legal-form': {
    kind: 'copy',
    title: "The company's legal form in running copy of another language",
    explanation:
      'French, English and Spanish pages name the company by its brand; its registered name with a German legal form (UG (haftungsbeschränkt), GmbH) belongs on the legal pages and in the copyright line.',
    hint: 'Write `{{brand.name}}`.',
  },

  // Images and social cards.
  'image-missing': {
    kind: 'build',
    title: 'An image file does not exist',
    explanation: "An image's `src` names no file inside the content folder; the build stops.",
    hint: 'Add the file at the path shown (relative to content/), or fix `src`.',
  },
  'image-unreadable': {
    kind: 'build',
    title: 'An image file that is no PNG, JPEG, WebP or AVIF',
    explanation: 'The file exists but could not be read as an image; the build stops.',
    hint: 'Export the image as PNG, JPEG, WebP or AVIF.',
  },
  'image-oversize': {
    kind: 'check',
    title: 'An image much wider than it is ever shown',
    explanation: 'The file is more than twice as wide as the widest slot it fills; a 2× screen never needs more. A warning.',
    hint: 'Scale the file down to the width the message names.',
  },
  'image-budget': {
    kind: 'check',
    title: 'An image over its budget',
    explanation: 'The heaviest file the build makes of one image is over `budgets.image` (KB) in check.yaml.',
    hint: 'Crop or simplify the image, or raise the budget.',
  },
  'social-image-missing': {
    kind: 'build',
    title: "A page's own social image does not exist",
    explanation: '`meta.socialImage.src` names no file inside the content folder; the build stops.',
    hint: 'Add the file, or remove `meta.socialImage` to use the card the build draws.',
  },
  'social-image-format': {
    kind: 'build',
    title: 'A social image that is no PNG or JPEG',
    explanation: 'Link previews accept PNG and JPEG only; the build stops.',
    hint: 'Export the image as PNG or JPEG (1200 × 630).',
  },

  // Output rules of `site check` on the built pages.
  'claim-figure': {
    kind: 'check',
    title: 'A printed figure differs from its constant',
    explanation: 'Elements marked with the constant they print (`data-price`, `data-claim`, `data-constant`) must show its value.',
    hint: 'Print the figure with its reference instead of typing it into the component or content.',
  },
  'claim-jsonld': {
    kind: 'check',
    title: 'The structured-data price differs from the constants',
    explanation: 'The JSON-LD offer must be the lowest plan price (business) or `education.offerPrice` (education).',
    hint: "Fix the constant or the page's `structuredData`.",
  },
  'route-missing': {
    kind: 'check',
    title: 'A route has no output file',
    explanation: 'Every page of the content model must have its file in the output folder.',
    hint: 'Build again; if it persists, the output folder is not the one this content builds.',
  },
  'link-broken': {
    kind: 'check',
    title: 'A link or asset points at no output file',
    explanation:
      'Every internal link (`a`, `area`) and asset (script, image, stylesheet, icon, preload) must resolve to a built file. Reported at the YAML value the link comes from.',
    hint: 'Fix the href in the content, or add the page it links to.',
  },
  'link-unpublished': {
    kind: 'publishing',
    title: 'A live page links to a page that is not live',
    explanation: 'The target is a draft, or its `publishAt` is later (or `unpublishAt` earlier) than the page that links to it.',
    hint: 'Give the linking section the same `publishAt`, or publish the target.',
  },
  'anchor-missing': {
    kind: 'check',
    title: 'A link to an anchor that does not exist',
    explanation: 'Every `#anchor` (on the same page or `/route#anchor`) must exist on its target page.',
    hint: 'Give the target section that `id`, or fix the link.',
  },
  'h1-count': {
    kind: 'check',
    title: 'Not exactly one `<h1>`',
    explanation: "A page's first section renders its only `<h1>`.",
    hint: 'Check that the page has a first section with a title.',
  },
  'head-title': {
    kind: 'check',
    title: 'An empty `<title>`',
    explanation: 'Every page needs a title for tabs, bookmarks and search results.',
    hint: 'Set `meta.title` in the page file.',
  },
  'head-description': {
    kind: 'check',
    title: 'An empty meta description',
    explanation: 'Search results and link previews show the description.',
    hint: 'Set `meta.description` in the page file.',
  },
  canonical: {
    kind: 'check',
    title: 'A wrong canonical link',
    explanation: 'Each page must have exactly one canonical link, equal to the base URL plus its route.',
    hint: 'Check SITE_URL or `baseUrl` in site.yaml.',
  },
  'html-lang': {
    kind: 'check',
    title: "`<html lang>` differs from the page's language",
    explanation: 'Screen readers and search engines read the language from `<html lang>`.',
    hint: "Check the locale entry's `lang` in site.yaml.",
  },
  hreflang: {
    kind: 'check',
    title: 'Language alternates that are incomplete or not reciprocal',
    explanation: 'Alternates must include the page itself and `x-default`, point at built pages in that language, and be reciprocal.',
    hint: 'Keep translations of a page in one family folder; check noindex on one of them.',
  },
  'jsonld-parse': {
    kind: 'check',
    title: 'Structured data that does not parse',
    explanation: 'Every `application/ld+json` script must be valid JSON.',
    hint: 'This comes from the renderer: report it as a bug.',
  },
  noindex: {
    kind: 'check',
    title: 'A page indexed or hidden against its setting',
    explanation:
      'Pages with `meta.noindex`, the 404 page and the routes under `noindex:` in check.yaml carry robots noindex and stay out of the sitemap; other pages do not.',
    hint: 'Set `meta.noindex` on the page, or list the route under `noindex:` in check.yaml.',
  },
  sitemap: {
    kind: 'check',
    title: 'The sitemap and the pages disagree',
    explanation: 'Every URL in sitemap.xml must be a built page (error), and every indexable page should be listed (warning).',
    hint: "Build again; check the page's noindex setting.",
  },
  'html-valid': {
    kind: 'check',
    title: 'Invalid HTML',
    explanation: "html-validate with the project's `.htmlvalidate.json` found a problem in the built page.",
    hint: 'The message names the rule; fix the content or component that wrote the element.',
  },
  'img-alt': {
    kind: 'check',
    title: 'An image without a text alternative',
    explanation: '`img` needs `alt` (`alt=""` when decorative); `input[type=image]`, `area[href]` and `svg[role=img]` need an accessible name.',
    hint: 'Give the image an `alt` in the content, or `decorative: true`.',
  },
  budget: {
    kind: 'check',
    title: 'A route over its size budget',
    explanation: "The route's HTML, CSS or JavaScript (gzip) is over the budget in `content/check.yaml`; `site build` fails on the same figures.",
    hint: 'Make the page lighter, or raise the budget in check.yaml with a reason in the commit.',
  },

  // Redirects and vanished routes.
  'redirect-loop': {
    kind: 'redirects',
    title: 'Redirects that lead in a circle',
    explanation: 'Following the rules from this address comes back to it.',
    hint: 'Point one of the rules at a live page.',
  },
  'redirect-chain': {
    kind: 'redirects',
    title: 'A redirect to another redirect',
    explanation: 'More than one hop costs a round trip each and loses link value.',
    hint: 'Point the first rule at the end of the chain.',
  },
  'redirect-target': {
    kind: 'redirects',
    title: 'A redirect to no live page',
    explanation: 'The target of a rule is not a page of this site (or not live).',
    hint: 'Point the rule at an existing route, or an https:// URL.',
  },
  'redirect-shadow': {
    kind: 'redirects',
    title: "A redirect from a live page's route",
    explanation: 'The page wins and the rule is left out of `_redirects`.',
    hint: 'Remove the rule, or the page.',
  },
  'redirect-duplicate': {
    kind: 'redirects',
    title: 'An address redirected twice',
    explanation: 'Two rules (after expanding `locales`) have the same `from`.',
    hint: 'Keep one of them.',
  },
  'route-vanished': {
    kind: 'redirects',
    title: 'A published URL is gone',
    explanation: 'A URL in `routes.lock` is neither a page nor the `from` of a redirect any more: a renamed slug, a deleted page, a passed `unpublishAt`.',
    hint: 'Add a redirect in content/redirects.yaml, or delete the line from routes.lock if it is gone for good.',
  },
} as const satisfies Record<string, CodeEntry>;

/** Every code `site` reports: a typo in a code is a compile error. */
export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
