import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listedLocaleCodes, readSiteFile, schemaContextFrom } from '../../../src/content/site-file.ts';
import { configuredLocales, configuredSiteOrigin } from '../../../src/server/site-origin.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function contentWith(siteYaml?: string): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'site-file-'));
  if (siteYaml !== undefined) await writeFile(path.join(dir, 'site.yaml'), siteYaml);
  return dir;
}

describe('site.yaml read one way (readSiteFile) for the schema writer and site serve', () => {
  it('gives the settings as written, custom tags as their plain value, before validation', async () => {
    const content = await contentWith(
      'baseUrl: !placeholder https://example.org/x\nlocales:\n  - { code: de }\n  - { code: fr }\nconstants:\n  plans: { small: 1, large: 2 }\n',
    );
    const read = await readSiteFile(content);
    expect(read.ok && read.value.baseUrl).toBe('https://example.org/x');
    expect(listedLocaleCodes(read.ok ? read.value : undefined)).toEqual(['de', 'fr']);
    expect(schemaContextFrom(read.ok ? read.value : undefined)).toMatchObject({ plans: ['small', 'large'], savings: [] });
    await expect(configuredLocales(content)).resolves.toEqual(['de', 'fr']);
    await expect(configuredSiteOrigin(content)).resolves.toBe('https://example.org');
  });

  it('reports a missing file or a syntax error, and site serve then falls back to no settings', async () => {
    const missing = await readSiteFile(await contentWith());
    expect(missing.ok ? [] : missing.errors.map((e) => [e.code, e.location?.file])).toEqual([['missing-file', 'site.yaml']]);
    await rm(dir!, { recursive: true });
    const broken = await contentWith('locales: [de\n');
    const read = await readSiteFile(broken);
    expect(read.ok).toBe(false);
    expect(read.ok ? undefined : read.errors[0]?.location?.line).toBeGreaterThan(0);
    await expect(configuredLocales(broken)).resolves.toBeUndefined();
    await expect(configuredSiteOrigin(broken, undefined)).resolves.toBe(process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : undefined);
  });

  it('takes a file that is not a mapping as no settings', async () => {
    const read = await readSiteFile(await contentWith('- just\n- a list\n'));
    expect(read).toEqual({ ok: true, value: {} });
  });
});
