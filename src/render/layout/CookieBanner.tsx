import type { LocaleStrings } from '../../schema/locale.ts';
import { MarkedInline, RichText } from '../rich-text.tsx';

/**
 * The cookie banner, static HTML: CSS shows it while the document is marked `data-consent="ask"`, and the
 * inline consent probe (`consentProbeScript` in head.ts) makes its buttons work, so it downloads no script.
 * The buttons say what they do in data attributes the probe reads: `data-consent-choice` is the cookie value
 * to store (empty: store nothing and just dismiss, so the banner returns on the next visit);
 * `data-details-show` / `data-details-hide` are the toggle's labels for the closed and the open panel.
 */
export function CookieBanner({ strings }: { strings: LocaleStrings['cookieBanner'] }) {
  const titleId = 'cookie-banner-title';
  const detailsId = 'cookie-banner-details';
  const details = strings.details;
  // One line per label in every language down to 360 px ("Nécessaires uniquement"): no wrapping inside a
  // button, each as wide as its label (flex-auto) and sharing what is left of the row.
  const button =
    'inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg px-2.5 py-2 text-[0.8125rem] font-semibold min-[400px]:px-3 sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-4 lg:min-h-9 lg:py-1.5';
  // A strip across the top of the page, in the flow (styles.css puts it above the header while it shows): it
  // pushes the page down instead of lying on it, so it covers nothing at any width or scroll position. The
  // text and the choices share a row from `lg`; the details open on demand below them. On phones the strip
  // is one sentence and one row of choices (under 120 px at 360 px): the heading still names the region for
  // screen readers but shows from `sm`, where there is room for it. The text is balanced, so its link never ends
  // up alone on a line ("Détails (en allemand)" at 768 px). From `lg` the strip is one slim row (about 53 px), so
  // the hero's figures still end within a 1280 × 800 first screen below it.
  return (
    <section aria-labelledby={titleId} className="cookie-banner border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-page px-page py-2.5 sm:py-4 lg:py-2">
        <div className="lg:flex lg:items-center lg:gap-8">
          <div data-cookie-text="" className="text-[0.8125rem] leading-5 text-balance text-slate-700 sm:text-sm lg:flex-1">
            <h2 id={titleId} className="sr-only font-semibold text-slate-900 sm:not-sr-only sm:inline">
              {strings.title}
            </h2>{' '}
            <p className="inline">
              <MarkedInline owner={strings} field="text" />
            </p>
          </div>
          <div className="mt-2 flex items-center gap-x-1.5 sm:mt-2.5 sm:flex-wrap sm:gap-3 lg:mt-0 lg:flex-none">
            <button type="button" data-consent-choice="accepted" className={`${button} flex-auto bg-brand-600 text-white hover:bg-brand-700 sm:flex-none`}>
              {strings.accept}
            </button>
            <button
              type="button"
              data-consent-choice={strings.declineSetsCookie ? 'rejected' : ''}
              className={`${button} flex-auto bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:flex-none`}
            >
              {strings.decline}
            </button>
            {details && (
              <button
                type="button"
                aria-expanded="false"
                aria-controls={detailsId}
                data-details-show={details.show}
                data-details-hide={details.hide}
                className={`${button} px-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900`}
              >
                {details.show}
              </button>
            )}
          </div>
        </div>
        {details && (
          <div id={detailsId} hidden className="mt-3 max-w-4xl rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
            <RichText blocks={details.text} className="space-y-2" />
          </div>
        )}
      </div>
      {/* The end of the bar: CSS shows the page only once the parser got here (styles.css, .cookie-banner). */}
      <span className="cookie-banner-end" hidden />
    </section>
  );
}
