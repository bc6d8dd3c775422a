/**
 * Supabase Edge Function `rapid-worker`: validates a contact request with the shared schema, stores it
 * in `contact_requests`, then answers 200 `{ id }` (400/413/415 for bad input, 503 when not stored).
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform; SITE_ORIGINS lists the
 * site's origins (comma-separated) for CORS.
 */
import { handleContactRequest } from '../_shared/contact-handler.ts';
import { postgrestStore } from '../_shared/postgrest-store.ts';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`rapid-worker: environment variable ${name} is not set`);
  return value;
}

const store = postgrestStore(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'));
const allowedOrigins = (Deno.env.get('SITE_ORIGINS') ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

Deno.serve((request) =>
  handleContactRequest(request, {
    store,
    allowedOrigins,
    onStoreError: (error) => console.error('rapid-worker: store failed', error),
  })
);
