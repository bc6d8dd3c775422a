/**
 * The contact request's vocabulary, without zod, so the browser form can import it at no cost
 * (the schema itself loads on first submit). Shared by the site (Node, browser) and the Supabase
 * function (Deno): imports carry `.ts` extensions and nothing here touches a runtime API. It imports
 * neither the schema (contact-request.ts) nor the form's payload (contact-payload.ts): they build on it.
 */
/** Product interest ids a contact request may name (SPEC §3). */
export const PRODUCT_IDS = ['platform', 'website', 'chatbot', 'telefonbot', 'mandantenbot'] as const;
export type ProductIdValue = (typeof PRODUCT_IDS)[number];

/** Which form a request came from; sent in the `x-site-form` header so the body stays the spec's payload. */
export const FORM_SOURCES = ['business', 'education', 'chat-demo'] as const;
export type FormSource = (typeof FORM_SOURCES)[number];

/** The site's languages, from `locales` in content/site.yaml: `site build` writes the generated module. */
export { LOCALE_CODES } from './generated/locales.ts';
export type LocaleCodeValue = string;

/**
 * The honeypot: an input people never see or reach. The form adds it to the payload only when it is
 * filled (so a visitor's payload stays the spec's keys); the function answers such a request like a
 * success and stores nothing.
 */
export const HONEYPOT_FIELD = 'homepage';

/**
 * The e-mail field's `pattern`, on top of `type=email`: a dot in the domain (`max@firma` is refused). A pattern
 * is matched against the whole value; the backend schema applies the same one.
 */
export const EMAIL_PATTERN = '[^@]+@[^@]+\\.[^@]+';

export const FORM_HEADER = 'x-site-form';
export const LOCALE_HEADER = 'x-site-locale';
export const FUNCTION_NAME = 'rapid-worker';
/** Where supabase-js sends `functions.invoke(FUNCTION_NAME)`; `site serve` answers the same path. */
export const FUNCTION_PATH = `/functions/v1/${FUNCTION_NAME}`;

/** Upper bounds the server enforces; the form sets the same `maxLength`s so a visitor never meets them. */
export const FIELD_LIMITS = {
  name: 200,
  email: 254,
  company: 200,
  products: 100,
  subject: 200,
  message: 5000,
} as const;

/** Request bodies above this are refused with 413 before parsing (a full form is well under 8 KB). */
export const MAX_BODY_BYTES = 32 * 1024;

/** The payload keys that differ between forms (SPEC §3); name, email, message and privacy_consent are always sent. */
export type VariableField = 'company' | 'products' | 'subject';

/** What the chat demo's mini form sends without showing an input (SPEC §3). */
export const CHAT_DEMO_FIXED = { products: 'chatbot', subject: 'Chatbot Anfrage (Chat-Demo)' } as const;

/** Which variable keys one form sends (`sends`), may send (`maySend`), and which values it fixes. */
export interface FormVariant {
  sends: readonly VariableField[];
  maySend: readonly VariableField[];
  fixed: Partial<Record<'products' | 'subject', string>>;
}

/**
 * The key set each form declares through `x-site-form` / `x-site-locale` (SPEC §3). The German business
 * form sends company as typed and no products; the French, English and Spanish ones send products. The
 * /chatbot page's form is also a German business form, and SPEC §3 leaves its fields open: ours offers
 * products (preset to chatbot), so a German business request may carry products. Education forms send
 * company and, in Spanish only, subject. The chat demo (any page language) sends everything, with
 * products and subject fixed.
 */
export function formVariant(form: FormSource, locale: LocaleCodeValue): FormVariant {
  if (form === 'chat-demo') return { sends: ['company', 'products', 'subject'], maySend: [], fixed: CHAT_DEMO_FIXED };
  if (form === 'education') return { sends: locale === 'es' ? ['company', 'subject'] : ['company'], maySend: [], fixed: {} };
  return locale === 'de'
    ? { sends: ['company', 'subject'], maySend: ['products'], fixed: {} }
    : { sends: ['company', 'products', 'subject'], maySend: [], fixed: {} };
}
