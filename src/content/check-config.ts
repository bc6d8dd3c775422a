import type { SiteError } from '../errors/site-error.ts';
import { checkedFile } from './checked-file.ts';
import type { ContentMemo } from './memo.ts';
import type { YamlSource } from './yaml-source.ts';
import { CheckConfig, type Budget } from '../schema/check.ts';

export type { CheckConfig };

export const CHECK_CONFIG_FILE = 'check.yaml';


export function budgetFor(config: CheckConfig, route: string): Budget {
  return { ...config.budgets.default, ...config.budgets.routes[route] };
}

/**
 * Reads content/check.yaml; a missing file means no budgets and no extra family claims. With the build's content
 * memo an unchanged file is neither read nor validated (checked-file.ts).
 */
export async function loadCheckConfig(contentDir: string, memo?: ContentMemo): Promise<{ config: CheckConfig; source?: YamlSource; errors: SiteError[] }> {
  const checked = await checkedFile(contentDir, CHECK_CONFIG_FILE, CheckConfig, memo);
  if (!checked) return { config: CheckConfig.parse({}), errors: [] };
  return { config: checked.value ?? CheckConfig.parse({}), ...(checked.source ? { source: checked.source } : {}), errors: checked.errors };
}
