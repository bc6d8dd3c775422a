-- Languages are content (`locales` in content/site.yaml). The function accepts the codes listed in
-- supabase/functions/_shared/generated/locales.ts (written by `site build`), so the table asks only for a
-- well-formed locale code: adding a language needs no migration.
alter table public.contact_requests drop constraint contact_requests_locale_check;
alter table public.contact_requests
  add constraint contact_requests_locale_check check (locale ~ '^[a-z]{2,3}(-[a-z0-9]{2,8})*$');
