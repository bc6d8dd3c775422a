-- Contact requests sent by the site's forms (SPEC §3) through the rapid-worker function.
-- Runs unchanged on Supabase (`supabase db push`), on PGlite and on plain PostgreSQL (`site serve`).

create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 254 and email like '%_@_%'),
  company text check (char_length(company) <= 200),
  products text check (products ~ '^(platform|website|chatbot|telefonbot|mandantenbot)(,(platform|website|chatbot|telefonbot|mandantenbot))*$'),
  subject text check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 5000),
  privacy_consent boolean not null check (privacy_consent = true),
  -- Which form and page locale the request came from (request headers, so the body stays the spec's payload).
  form_variant text not null check (form_variant in ('business', 'education', 'chat-demo')),
  locale text not null check (locale in ('de', 'fr', 'en', 'es'))
);

create index contact_requests_created_at on public.contact_requests (created_at desc);

comment on table public.contact_requests is 'Contact requests from the website forms; written only by the rapid-worker function (service role).';

-- Row-level security with no policy: the public anon key can neither read nor write the table.
-- The function writes with the service role, which bypasses RLS.
alter table public.contact_requests enable row level security;

-- Supabase grants table privileges to its API roles by default; take them away as well.
-- (The roles exist only on Supabase; on PGlite and plain PostgreSQL this block does nothing.)
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.contact_requests from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.contact_requests from authenticated;
  end if;
end
$$;
