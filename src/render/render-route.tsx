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
): { html: string; elements: MarkedElement[]; islandProps: IslandPropsFiles } {
  const localeStrings = model.locales[entry.locale];
  if (!localeStrings) throw new Error(`no UI strings for locale '${entry.locale}'`);
  const strings = pageStrings(localeStrings, model.verbatim);
  // Registered claims get their footnote numbers in the text (render/claim-notes.ts) once the typography is set.
  const claims = markClaims(withTypography(entry.page, localeStrings.typography, model.verbatim), model.site, localeStrings.intl);
  const ctx: RenderContext = { model, entry: { ...entry, page: claims.page }, strings, assets, claimNotes: claims.notes };
  const marks = new SourceMarks().add(ctx.entry.page, entry.source).add(strings, `locales/${entry.locale}.yaml`);
  const islandProps: IslandPropsFiles = new Map();
  const rendered = renderToString(
    <SourceMarksProvider value={marks}>
      <IslandPropsContext value={islandProps}>
        <PageContextProvider value={ctx}>
          <Page ctx={ctx} />
        </PageContextProvider>
      </IslandPropsContext>
    </SourceMarksProvider>,
  );
  const { lang } = localeEntry(model.site, entry.locale);
  const body = finishBody(rendered, strings.claimNoteRef, lang);
  const extracted = marks.extract(
    template
      .replace('%lang%', lang)
      .replace('<!--site:head-->', () => renderHead(ctx, loaderNeed(islandUses(body))))
      .replace('<!--site:body-->', () => body),
  );
  return { ...extracted, islandProps };
}
