/**
 * The privacy-policy version (a hash of the built /datenschutz content) and the module `site build`
 * writes for `site serve` and the rapid-worker function: the committed module is what the build writes,
 * and the version changes exactly when the policy's content does (fixture site).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import {
  PRIVACY_POLICY_MODULE,
  privacyPolicyFacts,
  privacyPolicyModule,
  writePrivacyPolicyModule,
  type PrivacyPolicyFacts,
} from '../../../src/output/privacy-policy.ts';

const BASE = path.resolve(import.meta.dirname, '../../fixtures/check/base');

async function facts(dir: string): Promise<PrivacyPolicyFacts> {
  const loaded = await loadContent(dir);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return privacyPolicyFacts(loaded.value);
}

describe('the committed privacy-policy module', () => {
  it('is exactly what `site build` writes for the real content (run `npx site build` and commit it when this fails)', async () => {
    const committed = await readFile(path.join('supabase/functions', PRIVACY_POLICY_MODULE), 'utf8');
    expect(committed).toBe(privacyPolicyModule(await facts('content')));
  });
});

describe('the privacy-policy version of a fixture site', () => {
  let work: string;
  let content: string;
  let base: PrivacyPolicyFacts;

  async function edited(file: string, find: string, replace: string): Promise<PrivacyPolicyFacts> {
    const target = path.join(content, file);
    const original = await readFile(target, 'utf8');
    if (!original.includes(find)) throw new Error(`'${find}' not in ${file}`);
    await writeFile(target, original.replace(find, replace));
    try {
      return await facts(content);
    } finally {
      await writeFile(target, original);
    }
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-privacy-policy-'));
    content = path.join(work, 'content');
    await cp(BASE, content, { recursive: true });
    base = await facts(content);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('is a sha256 of the policy, and the same for the same content', async () => {
    expect(base.version).toMatch(/^[0-9a-f]{64}$/);
    expect(base.contactRetentionMonths).toBe(6);
    expect(await facts(content)).toEqual(base);
  });

  it('changes when the /datenschutz text changes', async () => {
    const changed = await edited('pages/datenschutz/de.yaml', 'Inhalt der Seite Datenschutz.', 'Neuer Inhalt der Seite Datenschutz.');
    expect(changed.version).not.toBe(base.version);
  });

  it('changes when a figure the policy prints changes, and the retention period follows the constant', async () => {
    const changed = await edited('site.yaml', 'contactRetentionMonths: 6', 'contactRetentionMonths: 3');
    expect(changed).toEqual({ version: expect.not.stringMatching(base.version!), contactRetentionMonths: 3 });
  });

  it('does not change when other pages, the policy’s page title or figures it does not print change', async () => {
    expect(await edited('pages/home/de.yaml', 'type: hero', 'type: hero\n    eyebrow: Neu')).toEqual(base);
    expect(await edited('site.yaml', 'standard: { price: 17', 'standard: { price: 18')).toEqual(base);
    expect(await edited('pages/datenschutz/de.yaml', 'title: Datenschutz\n', 'title: Datenschutzhinweise\n')).toEqual(base);
  });

  it('is written beside the content into supabase/functions/_shared/generated, only when it changed', async () => {
    const loaded = await loadContent(content);
    if (!loaded.ok) throw new Error('fixture does not load');
    // A content folder without a supabase/functions folder beside it (a fixture, a benchmark) gets none.
    expect(await writePrivacyPolicyModule(content, privacyPolicyFacts(loaded.value))).toBeUndefined();
    await mkdir(path.join(work, 'supabase/functions/_shared'), { recursive: true });
    const file = await writePrivacyPolicyModule(content, privacyPolicyFacts(loaded.value));
    expect(file).toBe(path.join(work, 'supabase/functions', PRIVACY_POLICY_MODULE));
    expect(await readFile(file!, 'utf8')).toBe(privacyPolicyModule(base));
    expect(await writePrivacyPolicyModule(content, privacyPolicyFacts(loaded.value))).toBeUndefined();
  });
});
