import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { FIXTURES } from './fixture.ts';

const BASE = `${FIXTURES}/base`;

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await main(['node', 'site', ...args]), out };
  } finally {
    write.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('site check (CLI)', () => {
  it('exits 0 when there are only warnings, and 1 with --strict when the same warnings become errors', async () => {
    const relaxed = await cli('check', '--content', BASE, '--format', 'json');
    expect(relaxed.code).toBe(0);
    expect(JSON.parse(relaxed.out)).toMatchObject({ ok: true, errors: 0, routes: 6 });

    const strict = await cli('check', '--content', BASE, '--strict', '--format', 'github');
    expect(strict.code).toBe(1);
    expect(strict.out.split('\n').filter((l) => l.startsWith('::error ')).length).toBe(8);
    expect(strict.out).toMatch(/::error file=[^,]*site\.yaml,line=27,col=8,title=backend-missing::no backend URL/);
  });

  it('rejects an unknown --format as a usage error (exit 2)', async () => {
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect((await cli('check', '--format', 'xml')).code).toBe(2);
    spy.mockRestore();
  });
});
