import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleCandidates } from '../../../src/assets/styles.ts';
import { compileStylesheet } from '../../../src/assets/tailwind.ts';
import { packageRoot } from '../../../src/package-root.ts';
import { scaled } from '../../support/time-scale.ts';

/** What `@tailwindcss/node` makes of the same stylesheet and candidates: the build must write exactly that. */
async function byThePackage(input: string, base: string, candidates: string[]): Promise<string> {
  const compiler = await compile(input, { base, onDependency: () => {} });
  return optimize(compiler.build(candidates), { minify: true }).code;
}

let dir: string;
beforeAll(async () => {
  // Inside the project: a stylesheet's `@import "tailwindcss"` is resolved from its folder.
  await mkdir(path.join(packageRoot, 'node_modules/.cache'), { recursive: true });
  dir = await mkdtemp(path.join(packageRoot, 'node_modules/.cache/site-tailwind-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('compileStylesheet', () => {
  it(
    "is @tailwindcss/node's stylesheet, byte for byte, for the site's styles.css and class candidates",
    async () => {
      const base = path.join(packageRoot, 'src/assets');
      const input = await readFile(path.join(base, 'styles.css'), 'utf8');
      const candidates = await styleCandidates();
      const css = await compileStylesheet(input, base, candidates);
      expect(css.length).toBeGreaterThan(10_000);
      expect(css).toBe(await byThePackage(input, base, candidates));
    },
    scaled(60_000),
  );

  it(
    'imports a stylesheet beside it and nests, as the package does',
    async () => {
      await writeFile(path.join(dir, 'extra.css'), '.card { color: red; &:hover { color: blue } } @media not (width >= 40rem) { .card { margin: 0 } }');
      const input = '@import "tailwindcss" source(none);\n@import "./extra.css";\n';
      const candidates = ['flex', 'p-4', 'hover:underline'];
      const css = await compileStylesheet(input, dir, candidates);
      expect(css).toContain('.card:hover');
      expect(css).toBe(await byThePackage(input, dir, candidates));
    },
    scaled(60_000),
  );
});
