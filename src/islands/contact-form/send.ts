/**
 * The submit path, loaded on the first submit (never with the page): supabase-js, the shared schema,
 * one `functions.invoke`. Only `error` is read from the response (SPEC §7).
 */
import './zod-without-eval.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { FORM_HEADER, HONEYPOT_FIELD, LOCALE_HEADER } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { ContactPayload } from '../../../supabase/functions/_shared/contact-payload.ts';
import { checkContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import type { BackendSettings, ContactFormSettings } from './props.ts';

/** `site serve` does not check the key; supabase-js refuses to start without one. */
const LOCAL_ANON_KEY = 'site-serve-local';

let client: SupabaseClient | undefined;

function backendClient(backend: BackendSettings): SupabaseClient {
  client ??= createClient(backend.url || location.origin, backend.anonKey || LOCAL_ANON_KEY, {
    auth: { persistSession: true, storage: localStorage, autoRefreshToken: true },
  });
  return client;
}

/** Sends one request; resolves to the error (null when the backend accepted it). */
export async function sendContactRequest(settings: Pick<ContactFormSettings, 'backend' | 'source'>, payload: ContactPayload): Promise<unknown> {
  // The honeypot is not part of the schema: the function answers it before validating.
  const { [HONEYPOT_FIELD]: _trap, ...fields } = payload;
  const checked = checkContactRequest(fields, settings.source);
  if (!checked.ok) return new Error(`contact request not sent: ${checked.message}`);
  const { error } = await backendClient(settings.backend).functions.invoke(settings.backend.functionName, {
    body: payload,
    headers: { [FORM_HEADER]: settings.source.form, [LOCALE_HEADER]: settings.source.locale },
  });
  return error;
}
