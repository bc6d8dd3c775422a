import { useId, useState } from 'react';
import type { LocaleStrings } from '../../schema/locale.ts';
import { Inline, RichText } from '../../render/rich-text.tsx';
import { writeConsent, type ConsentCookie, type ConsentValue } from './consent.ts';

export interface CookieBannerProps {
  strings: LocaleStrings['cookieBanner'];
  cookie: ConsentCookie;
}

/**
 * Shown (by CSS, before any JS) when the document is marked `data-consent="ask"`. Accept stores
 * `accepted`; decline stores `rejected` where the locale says so, otherwise nothing (the banner returns).
 */
export default function CookieBanner({ strings, cookie }: CookieBannerProps) {
  const [dismissed, setDismissed] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const details = strings.details;

  if (dismissed) return null;

  function choose(value: ConsentValue | null) {
    if (value) writeConsent(cookie, value);
    document.documentElement.removeAttribute('data-consent');
    setDismissed(true);
  }

  return (
    <section aria-labelledby={titleId} className="cookie-banner fixed inset-x-0 bottom-0 z-50 p-4 sm:p-6">
      <div className="mx-auto max-w-4xl rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">{strings.title}</h2>
        <p className="mt-2 text-sm text-slate-600"><Inline text={strings.text} /></p>
        {details && (
          <div id={detailsId} hidden={!detailsOpen} className="mt-4 max-h-64 overflow-y-auto rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <RichText blocks={details.text} className="space-y-2" />
          </div>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <button type="button" onClick={() => choose('accepted')} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {strings.accept}
          </button>
          <button type="button" onClick={() => choose(strings.declineSetsCookie ? 'rejected' : null)} className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {strings.decline}
          </button>
          {details && (
            <button type="button" aria-expanded={detailsOpen} aria-controls={detailsId} onClick={() => setDetailsOpen((open) => !open)} className="ml-auto text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {detailsOpen ? details.hide : details.show}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
