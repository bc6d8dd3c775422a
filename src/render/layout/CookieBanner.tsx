import type { LocaleStrings } from '../../schema/locale.ts';
import { Inline, RichText } from '../rich-text.tsx';

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
  return (
    <section aria-labelledby={titleId} className="cookie-banner fixed inset-x-0 bottom-0 z-50 p-4 sm:p-6">
      <div className="mx-auto max-w-4xl rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">{strings.title}</h2>
        <p className="mt-2 text-sm text-slate-600"><Inline text={strings.text} /></p>
        {details && (
          <div id={detailsId} hidden className="mt-4 max-h-64 overflow-y-auto rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <RichText blocks={details.text} className="space-y-2" />
          </div>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <button type="button" data-consent-choice="accepted" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {strings.accept}
          </button>
          <button type="button" data-consent-choice={strings.declineSetsCookie ? 'rejected' : ''} className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {strings.decline}
          </button>
          {details && (
            <button type="button" aria-expanded="false" aria-controls={detailsId} data-details-show={details.show} data-details-hide={details.hide} className="ml-auto text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {details.show}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
