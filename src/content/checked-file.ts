import type { z } from 'zod';
import type { SiteError } from '../errors/site-error.ts';
import { readText } from './load.ts';
import type { ContentMemo } from './memo.ts';
import type { YamlSource } from './yaml-source.ts';

/**
 * One content file outside the pages and locales (check.yaml, redirects.yaml) read and validated against its
 * schema, or, with the build's content memo, recalled unread when its stamp is unchanged: validating cost a warm
 * build ~10 ms per file (zod compiles a schema's parser on its first use). `schema` is asked for only when the file
 * must be validated, so a build that recalls it never loads zod (ARCHITECTURE.md, Start-up). Undefined when the
 * file does not exist.
 */
export async function checkedFile<S extends z.ZodType>(
  contentDir: string,
  file: string,
  schema: () => Promise<S>,
  memo?: ContentMemo,
): Promise<{ source?: YamlSource; value?: z.output<S>; errors: SiteError[] } | undefined> {
  // The schema is the generator's code, which names the stored memo: the file's name is its inputs.
  const inputs = `file:${file}`;
  const unread = memo?.recallUnread<z.output<S>>(file, inputs);
  if (unread) return { source: unread.source, value: unread.value, errors: [] };
  const read = await readText(contentDir, file);
  if ('error' in read) {
    memo?.forget(file);
    return undefined;
  }
  const key = `${inputs}\u0000${read.text}`;
  const recalled = memo?.recall<z.output<S>>(file, key, read.stamp);
  if (recalled) return { source: recalled.source, value: recalled.value, errors: [] };
  memo?.forget(file);
  const [{ parseYaml }, { validateSource }] = await Promise.all([import('./yaml-source.ts'), import('./validate.ts')]);
  const parsed = parseYaml(file, read.text);
  if (!parsed.source) return { errors: parsed.errors };
  const checked = validateSource(await schema(), parsed.source);
  if (checked.value !== undefined && !checked.errors.length)
    memo?.remember(file, { key, source: parsed.source, value: checked.value, placeholders: [], verbatim: [], inputs, stamp: read.stamp });
  return { source: parsed.source, value: checked.value, errors: checked.errors };
}
