import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteError } from '../errors/site-error.ts';
import { Glossary } from '../schema/glossary.ts';
import { validateSource } from './validate.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

export const GLOSSARY_FILE = 'glossary.yaml';

/** Reads content/glossary.yaml (validated, errors located); a site without one has an empty termbase. */
export async function loadGlossary(contentDir: string): Promise<{ glossary: Glossary; source?: YamlSource; errors: SiteError[] }> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, GLOSSARY_FILE), 'utf8');
  } catch {
    return { glossary: Glossary.parse({}), errors: [] };
  }
  const parsed = parseYaml(GLOSSARY_FILE, text);
  if (!parsed.source) return { glossary: Glossary.parse({}), errors: parsed.errors };
  const checked = validateSource(Glossary, parsed.source);
  return { glossary: checked.value ?? Glossary.parse({}), source: parsed.source, errors: checked.errors };
}
