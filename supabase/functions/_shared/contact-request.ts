/**
 * The contact request schema (SPEC §3, §5): the one definition the browser forms, `site serve` and the
 * Supabase function validate against. Bounds are server-side; the spec shows no limits to visitors.
 */
import * as z from 'zod';
import { FIELD_LIMITS, FORM_SOURCES, LOCALE_CODES, PRODUCT_IDS } from './contact-fields.ts';

/**
 * Text PostgreSQL can store exactly as sent: no NUL (a `text` column refuses it) and no unpaired
 * UTF-16 surrogate (it has no UTF-8 form, so it would come back as U+FFFD, not as typed).
 */
const STORABLE = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

function text(field: keyof typeof FIELD_LIMITS, required: boolean) {
  const max = FIELD_LIMITS[field];
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(STORABLE, `${field} contains a NUL character or an unpaired surrogate, which cannot be stored`)
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
  return required ? base.min(1, `${field} is required`) : base;
}

const products = z
  .string({ error: 'products must be a comma-separated string of product ids or null' })
  .max(FIELD_LIMITS.products, `products must be at most ${FIELD_LIMITS.products} characters`)
  .superRefine((value, ctx) => {
    const ids = value.split(',');
    const unknown = ids.filter((id) => !(PRODUCT_IDS as readonly string[]).includes(id));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `products: unknown product id ${unknown.map((id) => `'${id}'`).join(', ')} (expected: ${PRODUCT_IDS.join(', ')})` });
    } else if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'products: a product id is listed twice' });
    }
  })
  .nullable();

export const ContactRequest = z.strictObject(
  {
    name: text('name', true),
    email: text('email', true).pipe(z.email({ error: 'email must be a valid e-mail address' })),
    company: text('company', false).nullable().optional(),
    products: products.optional(),
    subject: text('subject', true).optional(),
    message: text('message', true),
    privacy_consent: z.literal(true, { error: 'privacy_consent must be true: the privacy policy has to be accepted' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}` : 'the body must be a JSON object') },
);
export type ContactRequest = z.output<typeof ContactRequest>;
export type ContactRequestInput = z.input<typeof ContactRequest>;

/** Which form and page a request came from (request headers, not body). */
export const RequestSource = z.strictObject({
  form: z.enum(FORM_SOURCES, { error: `the x-site-form header must be one of ${FORM_SOURCES.join(', ')}` }),
  locale: z.enum(LOCALE_CODES, { error: `the x-site-locale header must be one of ${LOCALE_CODES.join(', ')}` }),
});
export type RequestSource = z.output<typeof RequestSource>;

/** A column holds null where the payload may leave the key out. */
type Columns<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/** A stored request (a `contact_requests` row): the payload's fields plus what the store adds. */
export type StoredContactRequest = { id: string; created_at: string } & Columns<ContactRequest> & {
  form_variant: RequestSource['form'];
  locale: RequestSource['locale'];
};

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Every problem in one readable line, e.g. `email must be a valid e-mail address; message is required`. */
function describe(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

export function checkContactRequest(body: unknown): Checked<ContactRequest> {
  const result = ContactRequest.safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: describe(result.error) };
}

export function checkRequestSource(headers: { get(name: string): string | null }, formHeader: string, localeHeader: string): Checked<RequestSource> {
  const result = RequestSource.safeParse({ form: headers.get(formHeader) ?? undefined, locale: headers.get(localeHeader) ?? undefined });
  return result.success ? { ok: true, value: result.data } : { ok: false, message: describe(result.error) };
}
