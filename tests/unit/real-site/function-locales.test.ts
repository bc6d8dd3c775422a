import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import { FUNCTION_LOCALES_FILE, functionLocalesModule } from '../../../src/output/function-locales.ts';
import { LOCALE_CODES } from '../../../supabase/functions/_shared/contact-fields.ts';

const repo = path.resolve(import.meta.dirname, '../../..');

describe("the contact function's generated language list", () => {
  it('is committed exactly as `site build` writes it from content/site.yaml', async () => {
    const loaded = await loadContent(path.join(repo, 'content'));
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    const committed = await readFile(path.join(repo, FUNCTION_LOCALES_FILE), 'utf8');
    expect(committed, `${FUNCTION_LOCALES_FILE} is stale: run \`npx site build\` and commit it`).toBe(functionLocalesModule(loaded.value));
  });

  it('is what the function checks x-site-locale against', async () => {
    const loaded = await loadContent(path.join(repo, 'content'));
    if (!loaded.ok) throw new Error('content does not load');
    expect([...LOCALE_CODES]).toEqual(loaded.value.site.locales.map((l) => l.code));
  });
});
