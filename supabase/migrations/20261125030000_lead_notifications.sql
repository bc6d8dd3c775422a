-- Lead notifications (issue #21): an outbox. Storing a contact request queues its notification in the
-- same transaction (the trigger below), so a stored request is never without one and a failed insert
-- queues nothing. A worker (`site serve`'s in-process notifier, or on Supabase the `notify-leads` Edge
-- Function on a schedule) delivers it to each configured channel and records the outcome here.
-- Delivery is at least once: a receiver de-duplicates by request_id (sent as the Idempotency-Key).
-- A row references its request on delete cascade: the retention purge and an erasure remove it too.
create table public.lead_notifications (
  request_id uuid primary key references public.contact_requests (id) on delete cascade,
  queued_at timestamptz not null default now(),
  -- Channels (webhook, email) that have accepted it; the row is delivered when every configured one has.
  channels_done text[] not null default '{}',
  attempts integer not null default 0 check (attempts >= 0),
  -- When a worker may next try: later after each failure (backoff), and a lease while one is delivering,
  -- so a worker killed mid-delivery leaves the row to be picked up again once the lease runs out.
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  -- Given up after the last attempt; listed by `site leads --failed`.
  failed_at timestamptz,
  -- The last failure per channel, without secrets (`webhook: HTTP 500`).
  last_error text check (char_length(last_error) <= 2000)
);

create index lead_notifications_due on public.lead_notifications (next_attempt_at) where delivered_at is null and failed_at is null;

comment on table public.lead_notifications is 'Outbox of new-lead notifications for the sales team (webhook, e-mail); one row per contact request, delivered at least once.';

alter table public.lead_notifications enable row level security;

-- Security definer: whoever inserts a request (the function's service role, `site serve`) queues its
-- notification without needing a grant on the outbox.
create function public.queue_lead_notification()
returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  insert into public.lead_notifications (request_id) values (new.id);
  return new;
end;
$$;

create trigger contact_requests_queue_notification
  after insert on public.contact_requests
  for each row execute function public.queue_lead_notification();

-- The worker's two steps, as functions so `site serve` (server/lead-outbox.ts) and the `notify-leads`
-- Edge Function (through PostgREST's /rpc) run the same statements.
-- Up to p_limit due rows, each leased for p_lease_seconds; SKIP LOCKED lets two workers share the outbox.
create function public.claim_lead_notifications(p_limit integer, p_lease_seconds double precision)
returns table (request_id uuid, channels_done text[], attempts integer)
language sql
volatile
security invoker
set search_path = public, pg_temp
as $$
  update public.lead_notifications n set next_attempt_at = now() + make_interval(secs => p_lease_seconds)
  where n.request_id in (
    select l.request_id from public.lead_notifications l
    where l.delivered_at is null and l.failed_at is null and l.next_attempt_at <= now()
    order by l.next_attempt_at, l.request_id limit p_limit for update skip locked)
  returning n.request_id, n.channels_done, n.attempts;
$$;

-- The outcome of one delivery round: the channels that have it, the attempts so far, and delivered,
-- given up, or due again in p_retry_seconds.
create function public.record_lead_notification(p_request_id uuid, p_channels_done text[], p_attempts integer, p_retry_seconds double precision, p_delivered boolean, p_failed boolean, p_error text)
returns void
language sql
volatile
security invoker
set search_path = public, pg_temp
as $$
  update public.lead_notifications set channels_done = p_channels_done, attempts = p_attempts,
    next_attempt_at = now() + make_interval(secs => p_retry_seconds),
    delivered_at = case when p_delivered then now() end, failed_at = case when p_failed then now() end,
    last_error = left(p_error, 2000)
  where request_id = p_request_id;
$$;

-- Export and erasure cover the notification rows too (the contract the privacy migration stated).
create or replace function public.export_contact_data(p_email text)
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
      '[]'::jsonb),
    'lead_notifications', coalesce(
      (select jsonb_agg(to_jsonb(n) order by n.queued_at, n.request_id) from public.lead_notifications n
         join public.contact_requests r on r.id = n.request_id where lower(r.email) = lower(p_email)),
      '[]'::jsonb)
  );
end;
$$;

create or replace function public.erase_contact_data(p_email text, p_subject_hash text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
declare
  requests integer;
  notifications integer;
  deleted jsonb;
begin
  if p_email is null or p_email !~ '^[^@[:space:]]+@[^@[:space:]]+$' then
    raise exception using errcode = '22023', message = 'erase_contact_data: p_email must be an e-mail address';
  end if;
  if p_subject_hash is null or p_subject_hash !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023', message = 'erase_contact_data: p_subject_hash must be the hex HMAC-SHA-256 of the lower-cased address';
  end if;
  -- Queued notifications go first (explicitly, to count them); the cascade would remove them anyway.
  delete from public.lead_notifications n using public.contact_requests r
    where r.id = n.request_id and lower(r.email) = lower(p_email);
  get diagnostics notifications = row_count;
  delete from public.contact_requests r where lower(r.email) = lower(p_email);
  get diagnostics requests = row_count;
  deleted := jsonb_build_object('contact_requests', requests, 'lead_notifications', notifications);
  insert into public.contact_erasures (subject_hash, deleted) values (p_subject_hash, deleted);
  return deleted;
end;
$$;

-- Only the service role (and the owner) may read or change the outbox; `create or replace` keeps the
-- grants of the two functions above.
revoke all on function public.queue_lead_notification() from public;
revoke all on function public.claim_lead_notifications(integer, double precision) from public;
revoke all on function public.record_lead_notification(uuid, text[], integer, double precision, boolean, boolean, text) from public;
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on table public.lead_notifications from %I', api_role);
      execute format('revoke all on function public.claim_lead_notifications(integer, double precision) from %I', api_role);
      execute format('revoke all on function public.record_lead_notification(uuid, text[], integer, double precision, boolean, boolean, text) from %I', api_role);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant select, update on table public.lead_notifications to service_role;
    grant execute on function public.claim_lead_notifications(integer, double precision) to service_role;
    grant execute on function public.record_lead_notification(uuid, text[], integer, double precision, boolean, boolean, text) to service_role;
  end if;
end
$$;
