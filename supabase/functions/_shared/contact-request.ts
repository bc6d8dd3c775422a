/**
 * The contact request schema (SPEC §3, §5): the one definition the browser forms, `site serve` and the
 * Supabase function validate against. Bounds are server-side; the spec shows no limits to visitors.
 */
import * as z from 'zod';
import { EMAIL_PATTERN, FIELD_LIMITS, FORM_SOURCES, formVariant, LOCALE_CODES, PRODUCT_IDS, type VariableField } from './contact-fields.ts';

/**
 * Text PostgreSQL can store exactly as sent: no NUL (a `text` column refuses it) and no unpaired
 * UTF-16 surrogate (it has no UTF-8 form, so it would come back as U+FFFD, not as typed).
 */
const STORABLE = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * A text field, kept byte for byte as sent: nothing is trimmed or normalised. A required field must
 * hold more than whitespace (checked on the trimmed length only). Lengths count code points, as
 * PostgreSQL's `char_length` does; the form's `maxLength` counts UTF-16 units, so it is never looser.
 */
function text(field: keyof typeof FIELD_LIMITS, required: boolean) {
  const max = FIELD_LIMITS[field];
  const base = z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(STORABLE, `${field} contains a NUL character or an unpaired surrogate, which cannot be stored`)
    .max(max, `${field} must be at most ${max} characters`);
  return required ? base.refine((value) => value.trim().length > 0, `${field} is required`) : base;
}

/**
 * Exactly what the form's e-mail field accepts: the HTML standard's valid e-mail address (what Chromium's
 * `<input type=email>` applies) whose domain has a dot, which the field's `pattern` adds (EMAIL_PATTERN in
 * contact-fields.ts): `a&b@example.de` passes, `max@firma` is a typo a reply could never reach. The two rules
 * are one, so the backend never refuses what the browser let through.
 */
const email = text('email', true)
  .pipe(z.email({ pattern: z.regexes.html5Email, error: 'email must be a valid e-mail address' }))
  .refine((value) => new RegExp(`^(?:${EMAIL_PATTERN})$`, 'u').test(value), 'email must be a valid e-mail address');

const products = z
  .string({ error: 'products must be a comma-separated string of product ids or null' })
  .max(FIELD_LIMITS.products, `products must be at most ${FIELD_LIMITS.products} characters`)
  .superRefine((value, ctx) => {
    const ids = value.split(',');
    const unknown = ids.filter((id) => !(PRODUCT_IDS as readonly string[]).includes(id));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `products: unknown product id ${unknown.map((id) => `'${id}'`).join(', ')} (expected: ${PRODUCT_IDS.join(', ')})`,
      });
    } else if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'products: a product id is listed twice' });
    }
  })
  .nullable();

export const ContactRequest = z.strictObject(
  {
    name: text('name', true),
    email,
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
    /** Null for a request that named no form (another client of the same backend). */
    form_variant: RequestSource['form'] | null;
    locale: RequestSource['locale'] | null;
  };

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type Problem = { field: PropertyKey | undefined; message: string };

/** The body's keys against the form it declares (SPEC §3): what that form sends, and nothing else. */
function variantProblems(body: Record<string, unknown>, source: RequestSource): Problem[] {
  const variant = formVariant(source.form, source.locale);
  const form = source.form === 'chat-demo' ? 'the chat-demo form' : `the ${source.form} form (${source.locale})`;
  const problems: Problem[] = [];
  for (const field of ['company', 'products', 'subject'] as const satisfies readonly VariableField[]) {
    const sent = Object.hasOwn(body, field);
    const fixed = field === 'company' ? undefined : variant.fixed[field];
    if (variant.sends.includes(field) && !sent) problems.push({ field, message: `${field} is missing: ${form} sends it` });
    else if (sent && !variant.sends.includes(field) && !variant.maySend.includes(field))
      problems.push({ field, message: `${field} is not a field of ${form}` });
    else if (sent && fixed !== undefined && body[field] !== fixed) problems.push({ field, message: `${field} must be '${fixed}' on ${form}` });
  }
  return problems;
}

const FIELD_ORDER: readonly PropertyKey[] = ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'];

/** Every problem in one readable line, in the payload's field order, e.g. `email must be a valid e-mail address; message is required`. */
function describe(problems: readonly Problem[]): string {
  const rank = (p: Problem) => (p.field === undefined ? -1 : FIELD_ORDER.indexOf(p.field));
  return [...new Set([...problems].sort((a, b) => rank(a) - rank(b)).map((p) => p.message))].join('; ');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every form of the site, as (form, locale) pairs: a request that names none must fit one of them. */
const EVERY_SOURCE: readonly RequestSource[] = FORM_SOURCES.flatMap((form) => LOCALE_CODES.map((locale) => ({ form, locale })));

/** The key sets of the site's forms, for a message: `company, subject` and so on. */
function variantKeySets(): string {
  const sets = new Set(
    EVERY_SOURCE.map((source) =>
      ['company', 'products', 'subject'].filter((field) => formVariant(source.form, source.locale).sends.includes(field as VariableField)).join(', '),
    ),
  );
  return [...sets].map((set) => `{${set}}`).join(' or ');
}

/**
 * A contact request as the form named by `source` sends it: the schema plus that form's key set. A
 * request that names no form (`source` null: another client of the same backend, such as a CRM or
 * the site before this generator) is checked against the union of the forms: the schema, and keys
 * that at least one form sends.
 */
export function checkContactRequest(body: unknown, source: RequestSource | null): Checked<ContactRequest> {
  const result = ContactRequest.safeParse(body);
  const problems: Problem[] = result.success ? [] : result.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message }));
  if (isObject(body) && source) problems.push(...variantProblems(body, source));
  else if (isObject(body) && result.success && !EVERY_SOURCE.some((each) => variantProblems(body, each).length === 0)) {
    const sent = (['company', 'products', 'subject'] as const).filter((field) => Object.hasOwn(body, field));
    problems.push({
      field: undefined,
      message: `the optional fields sent ({${sent.join(', ')}}) are those of none of the site's forms; send ${variantKeySets()}`,
    });
  }
  return result.success && problems.length === 0 ? { ok: true, value: result.data } : { ok: false, message: describe(problems) };
}

/**
 * Which form and page sent the request. The headers are optional: without either, the request is
 * checked against every form (null). Once a client names its form, both are required and must be
 * known, and that form's stricter rules apply.
 */
export function checkRequestSource(
  headers: { get(name: string): string | null },
  formHeader: string,
  localeHeader: string,
  locales: readonly [string, ...string[]] = LOCALE_CODES,
): Checked<RequestSource | null> {
  const form = headers.get(formHeader);
  const locale = headers.get(localeHeader);
  if (form === null && locale === null) return { ok: true, value: null };
  const schema =
    locales === LOCALE_CODES
      ? RequestSource
      : RequestSource.extend({ locale: z.enum(locales, { error: `the x-site-locale header must be one of ${locales.join(', ')}` }) });
  const result = schema.safeParse({ form: form ?? undefined, locale: locale ?? undefined });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: describe(result.error.issues.map((issue) => ({ field: undefined, message: issue.message }))) };
}
