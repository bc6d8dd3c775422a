import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCheckConfig, NO_CHECK_CONFIG } from '../../../src/content/check-config.ts';
import { CheckConfig } from '../../../src/schema/check.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-check-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadCheckConfig', () => {
  it('reads no check.yaml as the schema’s defaults, written out so that no zod is loaded for it', async () => {
    expect(NO_CHECK_CONFIG).toEqual(CheckConfig.parse({}));
    expect(await loadCheckConfig(dir)).toEqual({ config: CheckConfig.parse({}), errors: [] });
  });

  it('validates a check.yaml that is there, and falls back to the defaults with its errors when it is wrong', async () => {
    await writeFile(path.join(dir, 'check.yaml'), 'noindex: [/leitfaden]\n');
    expect((await loadCheckConfig(dir)).config.noindex).toEqual(['/leitfaden']);
    await writeFile(path.join(dir, 'check.yaml'), 'noindex: [leitfaden]\n');
    const wrong = await loadCheckConfig(dir);
    expect(wrong.config).toEqual(CheckConfig.parse({}));
    expect(wrong.errors.map((e) => [e.location?.file, e.location?.line])).toEqual([['check.yaml', 1]]);
  });
});
