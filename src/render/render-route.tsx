import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageEntry, SiteView } from '../content/model.ts';
import { islandUses, loaderNeed } from '../islands/protocol.ts';
import type { LocaleStrings } from '../schema/locale.ts';
import { localeEntry } from '../schema/site-locales.ts';
import type { PageAssets, RenderContext } from './context.ts';
import { renderHead } from './head.ts';
import { IslandPropsContext, type IslandPropsFiles } from './Island.tsx';
import { Page } from './Page.tsx';
import { markClaims } from './claim-notes.ts';
import { finishBody } from './body-text.ts';
import { PageContextProvider } from './page-context.tsx';
import { SharedParts, SharedPartsProvider } from './shared-parts.tsx';
import { SourceMarks, SourceMarksProvider, type MarkedElement } from './source-marks.tsx';
import { localeTypography, withTypography } from './typography.ts';

/** The HTML shell from templates/document.html with `%lang%`, `<!--site:head-->` and `<!--site:body-->`. */
export type DocumentTemplate = string;

/** A locale's UI strings in its typography, made once per locale. */
const typeset = new WeakMap<LocaleStrings, LocaleStrings>();

function pageStrings(localeStrings: LocaleStrings, keep?: ReadonlySet<string>): LocaleStrings {
  let strings = typeset.get(localeStrings);
  if (!strings) typeset.set(localeStrings, (strings = localeTypography(localeStrings, keep)));
  return strings;
}

/** `element` with what a page's components read from context around it. */
function inPage(ctx: RenderContext, marks: SourceMarks, islandProps: IslandPropsFiles, element: ReactElement) {
  return (
    <SourceMarksProvider value={marks}>
      <IslandPropsContext value={islandProps}>
        <PageContextProvider value={ctx}>{element}</PageContextProvider>
      </IslandPropsContext>
    </SourceMarksProvider>
  );
}

/** A shared part rendered apart, in the providers of the page that first shows it, with marks of its own. */
function renderPart(ctx: RenderContext, element: ReactElement): { html: string; marks: SourceMarks } {
  const marks = new SourceMarks();
  const islandProps: IslandPropsFiles = new Map();
  const html = renderToString(inPage(ctx, marks, islandProps, element));
  // A part that names a props file would leave it out of the other pages' lists: rendered in place instead.
  return { html: islandProps.size ? '' : html, marks };
}

/** Renders one route to a complete HTML document. Pure: same model, entry and assets give the same bytes. */
export function renderRoute(model: SiteView, entry: PageEntry, assets: PageAssets, template: DocumentTemplate): string {
  return renderRouteWithSources(model, entry, assets, template).html;
}

/**
 * `renderRoute`, and where in the content each element that shows a content link comes from (offsets
 * into the returned HTML), recorded by the components as they render and never part of the HTML: the
 * checks place a finding about such an element at the YAML value that wrote it (check/element-source.ts).
 * `islandProps`: the props files the page's islands name (render/Island.tsx), for the build to write.
 */
export function renderRouteWithSources(
  model: SiteView,
  entry: PageEntry,
  assets: PageAssets,
  template: DocumentTemplate,
  options: { shareParts?: boolean } = {},
): { html: string; elements: MarkedElement[]; islandProps: IslandPropsFiles } {
  const localeStrings = model.locales[entry.locale];
  if (!localeStrings) throw new Error(`no UI strings for locale '${entry.locale}'`);
  const strings = pageStrings(localeStrings, model.verbatim);
  // Registered claims get their footnote numbers in the text (render/claim-notes.ts) once the typography is set.
  const claims = markClaims(withTypography(entry.page, localeStrings.typography, model.verbatim), model.site, localeStrings.intl);
  const ctx: RenderContext = { model, entry: { ...entry, page: claims.page }, strings, assets, claimNotes: claims.notes };
  const { lang } = localeEntry(model.site, entry.locale);
  const finish = (html: string) => finishBody(html, strings.claimNoteRef, lang, localeStrings.typography.noBreakCompoundLetters);
  const page = (parts: SharedParts) => {
    const marks = new SourceMarks().add(ctx.entry.page, entry.source).add(strings, `locales/${entry.locale}.yaml`);
    const islandProps: IslandPropsFiles = new Map();
    const rendered = renderToString(<SharedPartsProvider value={parts}>{inPage(ctx, marks, islandProps, <Page ctx={ctx} />)}</SharedPartsProvider>);
    return { rendered, marks, islandProps };
  };
  // A part rendered for the first time is rendered in this page's place; one that cannot be shared, in place.
  // `shareParts: false` renders every part in place (the tests' reference).
  const share = options.shareParts !== false;
  let parts = new SharedParts(model, lang, share);
  let done = page(parts);
  if (!parts.prepare((element) => renderPart(ctx, element), finish)) done = page((parts = new SharedParts(model, lang, share)));
  const { marks, islandProps } = done;
  const body = parts.splice(finish(done.rendered), marks);
  const extracted = marks.extract(
    template
      .replace('%lang%', lang)
      .replace('<!--site:head-->', () => renderHead(ctx, loaderNeed(islandUses(body))))
      .replace('<!--site:body-->', () => body),
  );
  return { ...extracted, islandProps };
}
