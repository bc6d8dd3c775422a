-- A request may come from a client that does not name its form (SPEC §7's body without the site's
-- x-site-form / x-site-locale headers: another page, a CRM integration). Such a row has no form and
-- no page language; the check constraints still hold for every row that names them.
alter table public.contact_requests
  alter column form_variant drop not null,
  alter column locale drop not null;
