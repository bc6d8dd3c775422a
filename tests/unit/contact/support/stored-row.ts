import type { StoredContactRequest } from '../../../../supabase/functions/_shared/contact-request.ts';

/** A stored contact request as `site leads` reads it, with the given fields changed. */
export function storedRow(fields: Partial<StoredContactRequest>): StoredContactRequest {
  return {
    id: '0c0ffee0-0000-4000-8000-000000000000',
    created_at: '2026-11-22T09:30:00.000Z',
    name: 'Max',
    email: 'max@example.com',
    company: null,
    products: null,
    subject: 'Demo',
    message: 'Hallo',
    privacy_consent: true,
    form_variant: 'business',
    locale: 'de',
    ...fields,
  };
}
