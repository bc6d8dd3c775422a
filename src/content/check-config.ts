import type { SiteError } from '../errors/site-error.ts';
import { checkedFile } from './checked-file.ts';
import type { ContentMemo } from './memo.ts';
import type { YamlSource } from './yaml-source.ts';
import type { Budget, CheckConfig } from '../schema/check.ts';

export type { CheckConfig };

export const CHECK_CONFIG_FILE = 'check.yaml';

/** The schema, imported only when check.yaml must be validated: it loads zod. */
const checkSchema = async () => (await import('../schema/check.ts')).CheckConfig;

/**
 * What an absent or invalid check.yaml means: the schema's defaults (`CheckConfig.parse({})`, which a test holds this
 * equal to), written out so that a site without the file does not load zod on every build.
 */
export const NO_CHECK_CONFIG: CheckConfig = { budgets: { default: {}, routes: {} }, families: {}, noindex: [] };

export function budgetFor(config: CheckConfig, route: string): Budget {
  return { ...config.budgets.default, ...config.budgets.routes[route] };
}

/**
 * Reads content/check.yaml; a missing file means no budgets and no extra family claims. With the build's content
 * memo an unchanged file is neither read nor validated (checked-file.ts).
 */
export async function loadCheckConfig(contentDir: string, memo?: ContentMemo): Promise<{ config: CheckConfig; source?: YamlSource; errors: SiteError[] }> {
  const checked = await checkedFile(contentDir, CHECK_CONFIG_FILE, checkSchema, memo);
  if (!checked) return { config: NO_CHECK_CONFIG, errors: [] };
  return { config: checked.value ?? NO_CHECK_CONFIG, ...(checked.source ? { source: checked.source } : {}), errors: checked.errors };
}
