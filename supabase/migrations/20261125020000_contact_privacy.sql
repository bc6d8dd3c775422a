-- The privacy policy's promises, kept by the database: proof of consent on every request, retention
-- (a request that was not kept is deleted after the period the policy states), access (Art. 15/20
-- DSGVO) and erasure (Art. 17) of one person's data, with a record of each erasure that holds no
-- personal data. Runs unchanged on Supabase, on PGlite and on plain PostgreSQL (`site serve`); the
-- daily schedule is made only where pg_cron can be installed (Supabase), see the end of this file.
--
-- Lead notifications (issue #21) do not exist yet. A table holding data about a request must reference
-- contact_requests(id) on delete cascade, and export_contact_data / erase_contact_data must list and
-- count its rows (ARCHITECTURE.md, "Contact requests").

-- Proof of consent: when it was given (the request's arrival; earlier rows got their arrival time) and
-- which policy was in force (sha256 of the built /datenschutz content, supabase/functions/_shared/generated).
alter table public.contact_requests add column consent_at timestamptz;
update public.contact_requests set consent_at = created_at;
alter table public.contact_requests alter column consent_at set not null, alter column consent_at set default now();
alter table public.contact_requests
  add column policy_version text check (policy_version ~ '^[0-9a-f]{64}$'),
  -- The retention period the policy stated when the request arrived (constants.privacy.contactRetentionMonths).
  add column retention_months integer check (retention_months > 0),
  -- A request that led to a contract is kept (exempt from the purge), with the operator's reason.
  add column kept_at timestamptz,
  add column keep_reason text check (char_length(keep_reason) between 1 and 500),
  add constraint contact_requests_keep_has_reason check ((kept_at is null) = (keep_reason is null));

-- Export and erasure look a person up by address, case-insensitively.
create index contact_requests_email_lower on public.contact_requests (lower(email));

-- One row per erasure: a keyed hash (HMAC-SHA-256) of the lower-cased address, the time and the rows
-- deleted per table. Without the key (held by whoever erases, never in the database) the hash does not
-- tell whose data it was; with it the operator can show that and when a request was honoured.
create table public.contact_erasures (
  id uuid primary key default gen_random_uuid(),
  subject_hash text not null check (subject_hash ~ '^[0-9a-f]{64}$'),
  erased_at timestamptz not null default now(),
  deleted jsonb not null
);

create index contact_erasures_subject_hash on public.contact_erasures (subject_hash);

comment on table public.contact_erasures is 'Erasures of one person''s contact data (Art. 17 DSGVO): keyed hash of the address, time, rows deleted per table. No personal data.';

alter table public.contact_erasures enable row level security;

-- Everything stored about one address (matched case-insensitively), as one JSON document.
create function public.export_contact_data(p_email text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = public, pg_temp
as $$
begin
  if p_email is null or p_email !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    raise exception using errcode = '22023', message = 'export_contact_data: p_email must be an e-mail address';
  end if;
  return jsonb_build_object(
    'email', lower(p_email),
    'contact_requests', coalesce(
      (select jsonb_agg(to_jsonb(r) order by r.created_at, r.id) from public.contact_requests r where lower(r.email) = lower(p_email)),
      '[]'::jsonb)
  );
end;
$$;

-- Deletes everything stored about one address in this one transaction and records the erasure.
-- Idempotent: a second call deletes nothing (and records that too). Returns the rows deleted per table.
create function public.erase_contact_data(p_email text, p_subject_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
declare
  requests integer;
  deleted jsonb;
begin
  if p_email is null or p_email !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    raise exception using errcode = '22023', message = 'erase_contact_data: p_email must be an e-mail address';
  end if;
  if p_subject_hash is null or p_subject_hash !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023', message = 'erase_contact_data: p_subject_hash must be the hex HMAC-SHA-256 of the lower-cased address';
  end if;
  delete from public.contact_requests r where lower(r.email) = lower(p_email);
  get diagnostics requests = row_count;
  deleted := jsonb_build_object('contact_requests', requests);
  insert into public.contact_erasures (subject_hash, deleted) values (p_subject_hash, deleted);
  return deleted;
end;
$$;

-- Exempts a request from the purge (it led to a contract), or (p_reason null) returns it to the rule.
-- Returns false when no request has that id.
create function public.keep_contact_request(p_id uuid, p_reason text, p_now timestamptz default now())
returns boolean
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
begin
  if p_reason is not null and char_length(btrim(p_reason)) = 0 then
    raise exception using errcode = '22023', message = 'keep_contact_request: p_reason must say why the request is kept';
  end if;
  update public.contact_requests r
    set kept_at = case when p_reason is null then null else p_now end, keep_reason = p_reason
    where r.id = p_id;
  return found;
end;
$$;

-- Deletes (or with p_dry_run lists) every request that is not kept and whose retention period has
-- passed at p_now. The period is the shorter of the one stated when the request arrived and
-- p_retention_months (the one stated now; null: the stored one alone), so a shortened period applies
-- to earlier requests too and a longer one never extends them.
create function public.purge_contact_requests(p_now timestamptz default now(), p_retention_months integer default null, p_dry_run boolean default false)
returns table (id uuid, created_at timestamptz, form_variant text, locale text)
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
#variable_conflict use_column
begin
  if p_now is null then
    raise exception using errcode = '22023', message = 'purge_contact_requests: p_now must be a time';
  end if;
  if p_retention_months is not null and p_retention_months < 1 then
    raise exception using errcode = '22023', message = 'purge_contact_requests: p_retention_months must be at least 1';
  end if;
  if p_dry_run then
    return query
      select r.id, r.created_at, r.form_variant, r.locale from public.contact_requests r
      where r.kept_at is null and r.created_at + make_interval(months => least(r.retention_months, p_retention_months)) <= p_now
      order by r.created_at, r.id;
  else
    return query
      delete from public.contact_requests r
      where r.kept_at is null and r.created_at + make_interval(months => least(r.retention_months, p_retention_months)) <= p_now
      returning r.id, r.created_at, r.form_variant, r.locale;
  end if;
end;
$$;

-- Functions are executable by everyone by default; only the service role (and the owner) may run these.
revoke all on function public.export_contact_data(text) from public;
revoke all on function public.erase_contact_data(text, text) from public;
revoke all on function public.keep_contact_request(uuid, text, timestamptz) from public;
revoke all on function public.purge_contact_requests(timestamptz, integer, boolean) from public;

do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on table public.contact_erasures from %I', api_role);
      execute format('revoke all on function public.export_contact_data(text) from %I', api_role);
      execute format('revoke all on function public.erase_contact_data(text, text) from %I', api_role);
      execute format('revoke all on function public.keep_contact_request(uuid, text, timestamptz) from %I', api_role);
      execute format('revoke all on function public.purge_contact_requests(timestamptz, integer, boolean) from %I', api_role);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant select, insert on table public.contact_erasures to service_role;
    grant execute on function public.export_contact_data(text) to service_role;
    grant execute on function public.erase_contact_data(text, text) to service_role;
    grant execute on function public.keep_contact_request(uuid, text, timestamptz) to service_role;
    grant execute on function public.purge_contact_requests(timestamptz, integer, boolean) to service_role;
  end if;
end
$$;

-- The daily purge in the database itself (Supabase): pg_cron runs it at 03:17 UTC. Made only where
-- pg_cron can be installed; elsewhere (PGlite, a PostgreSQL without the extension) nothing is scheduled
-- and `site serve` purges instead. Enabled later? Run `select public.schedule_contact_purge();` once.
create function public.schedule_contact_purge()
returns text
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
    exception when others then
      return format('not scheduled: pg_cron cannot be installed here (%s)', sqlerrm);
    end;
  end if;
  -- cron.schedule replaces a job of the same name, so running this again changes nothing.
  perform cron.schedule('purge-contact-requests', '17 3 * * *', 'select count(*) from public.purge_contact_requests()');
  return 'scheduled: purge-contact-requests daily at 03:17 UTC';
end;
$$;

revoke all on function public.schedule_contact_purge() from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.schedule_contact_purge() from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on function public.schedule_contact_purge() from authenticated;
  end if;
end
$$;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice '%', public.schedule_contact_purge();
  end if;
end
$$;
