// Written by `site build` from `locales` in content/site.yaml: do not edit by hand. Commit it, and after a
// language was added or removed redeploy the function: `supabase functions deploy rapid-worker` (docs/authoring/languages.md).
export const LOCALE_CODES: readonly [string, ...string[]] = ["de","fr","en","es"];
