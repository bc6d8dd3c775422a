-- Lead notifications start from the moment they are configured (issue #38): a request stored while no
-- worker delivered notifications (no channel set up yet) is not sent later without being asked for.
-- `since` is set by the first claim (a worker with a channel configured), or by
-- start_lead_notifications(true) (`site serve --backfill`; on Supabase run it once in the SQL editor) to
-- send the earlier ones too.
create table public.lead_notification_settings (
  -- One row at most.
  id boolean primary key default true check (id),
  -- Notifications queued before this moment wait for a backfill; '-infinity' sends every one.
  since timestamptz not null
);

comment on table public.lead_notification_settings is 'Since when new-lead notifications are sent (set when a worker first claims, or by a backfill).';

alter table public.lead_notification_settings enable row level security;

-- An outbox that was delivered from already (notifications were configured before this migration) keeps
-- everything it holds due.
insert into public.lead_notification_settings (id, since)
  select true, '-infinity' where exists (select 1 from public.lead_notifications where delivered_at is not null or attempts > 0);

-- The claim as before, limited to rows queued since notifications were configured; the first claim
-- records that moment (one statement: the CTE's row is not visible to the subquery, hence the coalesce).
create or replace function public.claim_lead_notifications(p_limit integer, p_lease_seconds double precision)
returns table (request_id uuid, channels_done text[], attempts integer)
language sql
volatile
security invoker
set search_path = public, pg_temp
as $$
  with configured as (
    insert into public.lead_notification_settings (id, since) values (true, now()) on conflict (id) do nothing returning since)
  update public.lead_notifications n set next_attempt_at = now() + make_interval(secs => p_lease_seconds)
  where n.request_id in (
    select l.request_id from public.lead_notifications l
    where l.delivered_at is null and l.failed_at is null and l.next_attempt_at <= now()
      and l.queued_at >= coalesce((select c.since from configured c), (select s.since from public.lead_notification_settings s))
    order by l.next_attempt_at, l.request_id limit p_limit for update skip locked)
  returning n.request_id, n.channels_done, n.attempts;
$$;

-- A worker starting: records the moment notifications were configured (first time), or with p_backfill
-- makes every waiting notification due. Returns how many stay held back (queued before `since`).
create function public.start_lead_notifications(p_backfill boolean)
returns integer
language plpgsql
volatile
security invoker
set search_path = public, pg_temp
as $$
begin
  if p_backfill then
    insert into public.lead_notification_settings (id, since) values (true, '-infinity') on conflict (id) do update set since = excluded.since;
  else
    insert into public.lead_notification_settings (id, since) values (true, now()) on conflict (id) do nothing;
  end if;
  return (select count(*) from public.lead_notifications l
    where l.delivered_at is null and l.failed_at is null and l.queued_at < (select s.since from public.lead_notification_settings s));
end;
$$;

revoke all on function public.start_lead_notifications(boolean) from public;
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on table public.lead_notification_settings from %I', api_role);
      execute format('revoke all on function public.start_lead_notifications(boolean) from %I', api_role);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant select, insert, update on table public.lead_notification_settings to service_role;
    grant execute on function public.start_lead_notifications(boolean) to service_role;
  end if;
end
$$;
