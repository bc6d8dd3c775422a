/**
 * What `supabase functions deploy rapid-worker` bundles: the function's own deno.json must resolve
 * every bare import of the function and the shared code it reaches, and pin the zod the site runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const functions = 'supabase/functions';
const read = (file: string) => readFileSync(file, 'utf8');
const imports = (file: string) => (JSON.parse(read(file)) as { imports: Record<string, string> }).imports;
const zodVersion = (createRequire(import.meta.url)('zod/package.json') as { version: string }).version;

/** Bare specifiers (`zod`, not `./x.ts`, `npm:…`, `jsr:…` or `node:…`) imported by the function's code. */
function bareImports(): Set<string> {
  const files = ['rapid-worker', '_shared'].flatMap((dir) =>
    readdirSync(path.join(functions, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(functions, dir, f)),
  );
  const found = new Set<string>();
  for (const file of files) {
    for (const [, specifier] of read(file).matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (!/^(?:\.|npm:|jsr:|node:|https:)/.test(specifier!)) found.add(specifier!);
    }
  }
  return found;
}

describe('Edge Function deploy configuration', () => {
  it('rapid-worker/deno.json maps every bare import of the function and _shared', () => {
    const mapped = imports(`${functions}/rapid-worker/deno.json`);
    const bare = bareImports();
    expect(bare.size).toBeGreaterThan(0);
    for (const specifier of bare) expect(mapped, `bare import '${specifier}' has no entry in rapid-worker/deno.json`).toHaveProperty(specifier);
  });

  it('the function (deploy) and the Deno tests pin exactly the zod that the site and its tests run on', () => {
    expect(imports(`${functions}/rapid-worker/deno.json`).zod).toBe(`npm:zod@${zodVersion}`);
    expect(imports(`${functions}/deno.json`).zod).toBe(`npm:zod@${zodVersion}`);
  });

  it('config.toml keeps JWT verification on for rapid-worker', () => {
    const toml = read('supabase/config.toml');
    expect(toml).toMatch(/^project_id\s*=\s*"[^"]+"/m);
    const section = /^\[functions\.rapid-worker\]\n((?:(?!\[).*\n?)*)/m.exec(toml)?.[1] ?? '';
    expect(section).toMatch(/^verify_jwt\s*=\s*true\s*$/m);
  });
});
