import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { CheckRun } from '../../../src/check/run.ts';
import type { ContentEnv } from '../../../src/content/load.ts';
import type { Finding } from '../../../src/check/finding.ts';
import { buildSite } from '../../../src/output/build.ts';
import { removePageSources } from '../../../src/output/page-sources.ts';
import { applyEdits, BASE_SITE, loadFixture, type FixtureSite, type SiteEdit } from '../../support/fixture.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/check');
const BASE = path.join(FIXTURES, 'base');

/** tests/fixtures/check/<rule>/patch.yaml: edits that turn the clean base site into one that breaks the rule. */
interface Patch {
  /** Another fixture whose patch applies first (a shared setup, e.g. offer data, that several rules break). */
  extends?: string;
  content?: SiteEdit[];
  /** New content files: path → text. */
  contentFiles?: Record<string, string>;
  delete?: string[];
  output?: SiteEdit[];
  outputFiles?: Record<string, string>;
  deleteOutput?: string[];
  strict?: boolean;
  /** Deploy settings given at build time (what SITE_URL or --base-url would set). */
  env?: ContentEnv;
}

async function readPatch(rule: string): Promise<Patch> {
  const patch: Patch = parse(await readFile(path.join(FIXTURES, rule, 'patch.yaml'), 'utf8')) ?? {};
  if (!patch.extends) return patch;
  const base = await readPatch(patch.extends);
  return { ...base, ...patch, content: [...(base.content ?? []), ...(patch.content ?? [])], contentFiles: { ...base.contentFiles, ...patch.contentFiles } };
}

let baseBuild: Promise<string> | undefined;
function builtBase(): Promise<string> {
  baseBuild ??= (async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'site-check-base-'));
    const built = await buildSite({ contentDir: BASE, outDir: out });
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
    return out;
  })();
  return baseBuild;
}

/**
 * Removes the shared base build. Test files may share this module (vitest without isolation), so the next file
 * to ask builds it again rather than copying a folder that is gone.
 */
export async function cleanup(): Promise<void> {
  const built = baseBuild;
  baseBuild = undefined;
  if (built) await Promise.all([rm(await built, { recursive: true, force: true }), removePageSources(await built)]);
}

/**
 * Copies the base site, applies the rule's patch (content, then build, then output), and runs `site check --out`.
 * `inspect` reads the built output before it is removed.
 */
export async function runFixture(rule: string | undefined, inspect?: (outDir: string) => Promise<void>): Promise<CheckRun> {
  const patch: Patch = rule ? await readPatch(rule) : {};
  const site = await loadFixture(BASE_SITE, { edits: patch.content, files: patch.contentFiles, remove: patch.delete });
  try {
    if (patch.content || patch.contentFiles || patch.delete || patch.env) await site.build({ env: patch.env });
    else await cp(await builtBase(), site.out, { recursive: true });
    await applyEdits(site.out, patch.output ?? []);
    for (const [file, text] of Object.entries(patch.outputFiles ?? {})) await writeFile(path.join(site.out, file), text);
    for (const file of patch.deleteOutput ?? []) await rm(path.join(site.out, file));
    const run = await site.check({ outDir: site.out, strict: patch.strict, env: patch.env });
    await inspect?.(site.out);
    return run;
  } finally {
    await site.remove();
  }
}

/** The base site with the rule's content patch applied, unbuilt: for the content rules alone (the caller removes it). */
export async function patchedContent(rule: string): Promise<{ site: FixtureSite; strict?: boolean; env?: ContentEnv }> {
  const patch = await readPatch(rule);
  const site = await loadFixture(BASE_SITE, { edits: patch.content, files: patch.contentFiles, remove: patch.delete });
  return { site, strict: patch.strict, env: patch.env };
}

/** The findings of one code, without the noise a test does not assert on. */
export function only(run: CheckRun, ...codes: string[]): Finding[] {
  return run.findings.filter((f) => codes.includes(f.code));
}

export const errorsOf = (run: CheckRun) => run.findings.filter((f) => f.severity === 'error');
