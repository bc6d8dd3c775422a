/**
 * What a form sends (SPEC §3): its values turned into the payload, key for key. Apart from
 * contact-fields.ts so the vocabulary imports nothing (the payload's type comes from the schema's).
 */
import { HONEYPOT_FIELD, PRODUCT_IDS, type ProductIdValue, type VariableField } from './contact-fields.ts';
import type { ContactRequestInput } from './contact-request.ts';

/** Which optional fields a form has and how it fills them (mirrors ContactFormConfig in src/schema). */
export interface PayloadShape {
  fields: readonly VariableField[];
  emptyCompany: 'null' | 'as-typed';
  /** Values the form sends without showing an input (the chat demo's products and subject). */
  fixed?: { products?: readonly ProductIdValue[]; subject?: string };
}

/** What the visitor typed; `privacyConsent` is the local name of the payload's `privacy_consent`. */
export interface FormValues {
  name: string;
  email: string;
  company: string;
  products: readonly ProductIdValue[];
  subject: string;
  message: string;
  privacyConsent: boolean;
  /** The honeypot input; people leave it empty. */
  homepage?: string;
}

/**
 * The body a form sends (SPEC §3); keys a form does not have are absent, not null. The schema's input
 * type, except that a form can hold an unticked consent (it never sends it: see the form island).
 */
export type ContactPayload = Omit<ContactRequestInput, 'privacy_consent'> & { privacy_consent: boolean; [HONEYPOT_FIELD]?: string };

/**
 * Form values → payload, key for key as SPEC §3: company only where the form has it (null when empty
 * unless the form sends it as typed), products comma-joined in canonical order or null, subject only
 * where the form has it or fixes it.
 */
export function contactPayload(shape: PayloadShape, values: FormValues): ContactPayload {
  const has = (field: VariableField) => shape.fields.includes(field);
  const products = shape.fixed?.products ?? (has('products') ? values.products : undefined);
  const chosen = PRODUCT_IDS.filter((id) => products?.includes(id));
  const subject = shape.fixed?.subject ?? (has('subject') ? values.subject : undefined);
  return {
    name: values.name,
    email: values.email,
    ...(has('company') ? { company: values.company === '' && shape.emptyCompany === 'null' ? null : values.company } : {}),
    ...(products !== undefined ? { products: chosen.length > 0 ? chosen.join(',') : null } : {}),
    ...(subject !== undefined ? { subject } : {}),
    message: values.message,
    privacy_consent: values.privacyConsent,
    ...(values.homepage ? { [HONEYPOT_FIELD]: values.homepage } : {}),
  };
}
