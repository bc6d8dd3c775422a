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
    'inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-4';
  // A compact bar across the bottom (flush on phones, a floating card from `sm`): the title runs into the
  // text, the choices sit side by side; the details open on demand as a scrolling sheet inside the bar.
  // Only the card takes clicks, so the margin around it never blocks what is underneath.
  return (
    <section aria-labelledby={titleId} className="cookie-banner pointer-events-none fixed inset-x-0 bottom-0 z-50 sm:p-4">
      <div className="pointer-events-auto mx-auto max-w-4xl rounded-t-2xl bg-white px-4 py-3 shadow-[0_-8px_30px_rgb(15_23_42/0.18)] ring-1 ring-slate-200 sm:rounded-2xl sm:p-5">
        <div className="text-sm text-slate-700">
          <h2 id={titleId} className="inline font-semibold text-slate-900">
            {strings.title}
          </h2>{' '}
          <p className="inline">
            <MarkedInline owner={strings} field="text" />
          </p>
        </div>
        {details && (
          <div id={detailsId} hidden className="mt-3 max-h-[50vh] overflow-y-auto overscroll-contain rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <RichText blocks={details.text} className="space-y-2" />
          </div>
        )}
        <div className="mt-2.5 flex flex-wrap items-center gap-x-2 sm:mt-3 sm:gap-3">
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
              className={`${button} px-2 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 sm:ml-auto`}
            >
              {details.show}
            </button>
          )}
        </div>
      </div>
      {/* The end of the bar: CSS shows the bar only once the parser got here (styles.css, .cookie-banner). */}
      <span className="cookie-banner-end" hidden />
    </section>
  );
}
