import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { runCheck, type CheckRun } from '../../../src/check/run.ts';
import type { ContentEnv } from '../../../src/content/load.ts';
import type { Finding } from '../../../src/check/finding.ts';
import { buildSite } from '../../../src/output/build.ts';
import { removePageSources } from '../../../src/output/page-sources.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/check');
const BASE = path.join(FIXTURES, 'base');

interface Edit {
  file: string;
  find?: string;
  pattern?: string;
  replace: string;
}

/** tests/fixtures/check/<rule>/patch.yaml: edits that turn the clean base site into one that breaks the rule. */
interface Patch {
  content?: Edit[];
  /** New content files: path → text. */
  contentFiles?: Record<string, string>;
  delete?: string[];
  output?: Edit[];
  outputFiles?: Record<string, string>;
  deleteOutput?: string[];
  strict?: boolean;
  /** Deploy settings given at build time (what SITE_URL or --base-url would set). */
  env?: ContentEnv;
}

async function applyEdits(dir: string, edits: Edit[] = []): Promise<void> {
  for (const edit of edits) {
    const file = path.join(dir, edit.file);
    const text = await readFile(file, 'utf8');
    const next = edit.pattern ? text.replace(new RegExp(edit.pattern, 's'), edit.replace) : text.replace(edit.find!, () => edit.replace);
    // A fixture whose edit no longer applies would silently test nothing.
    if (next === text) throw new Error(`fixture edit does not apply to ${edit.file}: ${edit.find ?? edit.pattern}`);
    await writeFile(file, next);
  }
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
  const patch: Patch = rule ? (parse(await readFile(path.join(FIXTURES, rule, 'patch.yaml'), 'utf8')) ?? {}) : {};
  const dir = await mkdtemp(path.join(os.tmpdir(), `site-check-${rule ?? 'base'}-`));
  try {
    const content = path.join(dir, 'content');
    const out = path.join(dir, 'dist');
    await cp(BASE, content, { recursive: true });
    await applyEdits(content, patch.content);
    for (const [file, text] of Object.entries(patch.contentFiles ?? {})) {
      await mkdir(path.dirname(path.join(content, file)), { recursive: true });
      await writeFile(path.join(content, file), text);
    }
    for (const file of patch.delete ?? []) await rm(path.join(content, file));
    if (patch.content || patch.contentFiles || patch.delete || patch.env) await buildSite({ contentDir: content, outDir: out, env: patch.env });
    else await cp(await builtBase(), out, { recursive: true });
    await applyEdits(out, patch.output);
    for (const [file, text] of Object.entries(patch.outputFiles ?? {})) await writeFile(path.join(out, file), text);
    for (const file of patch.deleteOutput ?? []) await rm(path.join(out, file));
    const run = await runCheck({ contentDir: content, outDir: out, strict: patch.strict, env: patch.env });
    await inspect?.(out);
    return run;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The findings of one code, without the noise a test does not assert on. */
export function only(run: CheckRun, ...codes: string[]): Finding[] {
  return run.findings.filter((f) => codes.includes(f.code));
}

export const errorsOf = (run: CheckRun) => run.findings.filter((f) => f.severity === 'error');
