import type { SiteError } from '../errors/site-error.ts';
import { checkedFile } from './checked-file.ts';
import type { ContentMemo } from './memo.ts';
import type { YamlSource } from './yaml-source.ts';
import type { Budget, CheckConfig } from '../schema/check.ts';

export type { CheckConfig };

export const CHECK_CONFIG_FILE = 'check.yaml';

/** The schema, imported only when check.yaml must be validated or is absent (its defaults): it loads zod. */
const checkSchema = async () => (await import('../schema/check.ts')).CheckConfig;

export function budgetFor(config: CheckConfig, route: string): Budget {
  return { ...config.budgets.default, ...config.budgets.routes[route] };
}

/**
 * Reads content/check.yaml; a missing file means no budgets and no extra family claims. With the build's content
 * memo an unchanged file is neither read nor validated (checked-file.ts).
 */
export async function loadCheckConfig(contentDir: string, memo?: ContentMemo): Promise<{ config: CheckConfig; source?: YamlSource; errors: SiteError[] }> {
  const checked = await checkedFile(contentDir, CHECK_CONFIG_FILE, checkSchema, memo);
  if (!checked) return { config: (await checkSchema()).parse({}), errors: [] };
  return { config: checked.value ?? (await checkSchema()).parse({}), ...(checked.source ? { source: checked.source } : {}), errors: checked.errors };
}
