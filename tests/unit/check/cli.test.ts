import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli as cli } from '../../support/cli.ts';
import { FIXTURES } from './fixture.ts';

const BASE = `${FIXTURES}/base`;

afterEach(() => vi.restoreAllMocks());

describe('site check (CLI)', () => {
  it('exits 0 when there are only warnings, and 1 with --strict when the same warnings become errors; json names the content directory the finding files are relative to', async () => {
    const relaxed = await cli('check', '--content', BASE, '--format', 'json');
    expect(relaxed.code).toBe(0);
    expect(JSON.parse(relaxed.out)).toMatchObject({ ok: true, errors: 0, routes: 6, contentDir: path.relative(process.cwd(), BASE) });

    const strict = await cli('check', '--content', BASE, '--strict', '--format', 'github');
    expect(strict.code).toBe(1);
    // The eight errors are all in site.yaml: each is an annotation at its own line, and a notice sums up.
    const errors = strict.out.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(8);
    expect(errors.every((l) => /^::error file=[^,]*site\.yaml,line=\d+,/.test(l))).toBe(true);
    expect(errors[0]).toMatch(/^::error file=[^,]*site\.yaml,line=10,col=21,title=/);
    expect(errors.find((l) => l.includes('title=backend-missing'))).toMatch(/,line=27,col=8,title=backend-missing::no backend URL/);
    expect(strict.out).toContain('::notice title=site check::8 errors, 0 warnings in 1 file; checked content and 6 routes');
  });

  it('--strict points to the "Before you go live" checklist (docs/deploy/go-live.md), in text and as a GitHub notice; a plain run and JSON do not', async () => {
    const strict = await cli('check', '--content', BASE, '--strict');
    expect(strict.out.trimEnd().split('\n').at(-1)).toBe(
      'Before you go live, also work through the checklist no check can do (legal questions, contracts, figures a lawyer should confirm): docs/deploy/go-live.md.',
    );
    const github = await cli('check', '--content', BASE, '--strict', '--format', 'github');
    expect(github.out).toMatch(/^::notice title=before-you-go-live::Before you go live, .*docs\/deploy\/go-live\.md\.$/m);
    expect((await cli('check', '--content', BASE)).out).not.toContain('Before you go live');
    expect(JSON.parse((await cli('check', '--content', BASE, '--strict', '--format', 'json')).out)).toMatchObject({ ok: false });
  });

  it('rejects an unknown --format as a usage error (exit 2)', async () => {
    expect((await cli('check', '--format', 'xml')).code).toBe(2);
  });
});

describe('site build (CLI)', () => {
  it('prints content errors at paths relative to the working directory, so they open from the terminal', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-build-errors-'));
    try {
      await cp(BASE, path.join(dir, 'content'), { recursive: true });
      const page = path.join(dir, 'content', 'pages', 'home', 'de.yaml');
      await writeFile(page, (await readFile(page, 'utf8')).replace('  - type: hero\n', '  - type: heor\n'));
      const { code, err } = await cli('build', '--content', path.join(dir, 'content'), '--out', path.join(dir, 'dist'));
      expect(code).toBe(1);
      expect(err).toContain(`${path.relative(process.cwd(), page)}:9:11 unknown-type: unknown type "heor"`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
