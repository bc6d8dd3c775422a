import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors/site-error.ts';
import { validateSource } from './validate.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';
import { CheckConfig, type Budget } from '../schema/check.ts';

export type { CheckConfig };

export const CHECK_CONFIG_FILE = 'check.yaml';


export function budgetFor(config: CheckConfig, route: string): Budget {
  return { ...config.budgets.default, ...config.budgets.routes[route] };
}

/** Reads content/check.yaml; a missing file means no budgets and no extra family claims. */
export async function loadCheckConfig(contentDir: string): Promise<{ config: CheckConfig; source?: YamlSource; errors: SiteError[] }> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, CHECK_CONFIG_FILE), 'utf8');
  } catch {
    return { config: CheckConfig.parse({}), errors: [] };
  }
  const parsed = parseYaml(CHECK_CONFIG_FILE, text);
  if (!parsed.source) return { config: CheckConfig.parse({}), errors: parsed.errors };
  const checked = validateSource(CheckConfig, parsed.source);
  return { config: checked.value ?? CheckConfig.parse({}), source: parsed.source, errors: checked.errors };
}
