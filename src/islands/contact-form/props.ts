import type { FormSource, ProductIdValue } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { PayloadShape } from '../../../supabase/functions/_shared/contact-payload.ts';
import type { FormNotices, LocaleStrings } from '../../schema/locale.ts';
import type { LocaleCode } from '../../schema/site.ts';
import type { Notice } from '../toaster/notify.tsx';
import type { LinkLanguageMark } from '../inline-markup.tsx';

type Forms = LocaleStrings['forms'];

/** The locale's form strings for one variant (what the island needs, nothing else). */
export interface ContactFormStrings {
  labels: Forms['labels'];
  placeholders: Forms['placeholders'];
  productNames: Forms['productNames'];
  consent: Forms['consent'];
  submit: Forms['submit'];
  sending: Forms['sending'];
  footnote: Forms['footnote'];
  honeypot: Forms['honeypot'];
  consentHint: Forms['consentHint'];
  failure: Forms['failure'];
  sent: Forms['sent'];
  sendAnother: Forms['sendAnother'];
  errors: Forms['errors'];
  notices: FormNotices;
  toasterLabel: string;
}

/** Where requests go: site.yaml `backend` (or SUPABASE_URL / SUPABASE_ANON_KEY at build time). */
export interface BackendSettings {
  /** Empty: the page's own origin (what `site serve` answers). */
  url: string;
  anonKey: string;
  functionName: string;
}

/** Everything one form instance is configured with; plain JSON (island props). */
export interface ContactFormSettings {
  strings: ContactFormStrings;
  shape: PayloadShape;
  /** Education forms: six-row message box. */
  layout: 'business' | 'education';
  presetProducts: ProductIdValue[];
  source: { form: FormSource; locale: LocaleCode };
  backend: BackendSettings;
  /** The service address (site.yaml `email`): the failure message's mailto fallback. */
  email: string;
  /** Replaces the variant's success notice (the chat demo has its own). */
  success?: Notice;
  /** Links of the consent text that open a page in another language, by href (render/link-language.ts). */
  consentLinks?: Record<string, LinkLanguageMark>;
}

/** The locale's shared form strings with the variant's own wording laid over them. */
export function contactFormStrings(strings: LocaleStrings, variant: 'business' | 'education'): ContactFormStrings {
  const { labels, placeholders, productNames, consent, submit, sending, footnote, honeypot, consentHint, failure, sent, sendAnother, errors } = strings.forms;
  const { labels: variantLabels, placeholders: variantPlaceholders, ...notices } = strings.forms[variant];
  return {
    labels: { ...labels, ...variantLabels },
    placeholders: { ...placeholders, ...variantPlaceholders },
    productNames,
    consent,
    submit,
    sending,
    footnote,
    honeypot,
    consentHint,
    failure,
    sent,
    sendAnother,
    errors,
    notices,
    toasterLabel: strings.toaster.label,
  };
}
