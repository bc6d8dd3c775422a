-- Per-client rate limiting for the rapid-worker function. Edge Function instances share no memory,
-- so the counts live here. A client is a keyed hash of its IP address (the address is never stored);
-- a row lives for two windows at most (each call deletes expired ones).

create table public.contact_rate_limits (
  client_hash text not null check (client_hash ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  hits integer not null check (hits > 0),
  primary key (client_hash, window_start)
);

create index contact_rate_limits_window_start on public.contact_rate_limits (window_start);

comment on table public.contact_rate_limits is 'Request counts per hashed client and fixed window; written only through contact_rate_hit (service role).';

alter table public.contact_rate_limits enable row level security;

-- Counts one request; returns 0 when it is within the limit, otherwise the seconds until the window ends.
create function public.contact_rate_hit(p_client_hash text, p_max_hits integer, p_window_seconds integer)
returns integer
language plpgsql
security invoker
set search_path = public, pg_temp
as $$
declare
  bucket timestamptz := to_timestamp(floor(extract(epoch from clock_timestamp()) / p_window_seconds) * p_window_seconds);
  counted integer;
begin
  delete from public.contact_rate_limits where window_start < bucket - make_interval(secs => p_window_seconds);
  insert into public.contact_rate_limits as r (client_hash, window_start, hits)
    values (p_client_hash, bucket, 1)
    on conflict (client_hash, window_start) do update set hits = r.hits + 1
    returning r.hits into counted;
  if counted <= p_max_hits then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (bucket + make_interval(secs => p_window_seconds)) - clock_timestamp())))::integer;
end;
$$;

-- Functions are executable by everyone by default; only the service role may count.
revoke all on function public.contact_rate_hit(text, integer, integer) from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.contact_rate_limits from anon;
    revoke all on function public.contact_rate_hit(text, integer, integer) from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.contact_rate_limits from authenticated;
    revoke all on function public.contact_rate_hit(text, integer, integer) from authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant select, insert, update, delete on table public.contact_rate_limits to service_role;
    grant execute on function public.contact_rate_hit(text, integer, integer) to service_role;
  end if;
end
$$;
