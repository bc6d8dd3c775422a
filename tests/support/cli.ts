import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** `site …args` run in this process (src/cli/main.ts), as the CLI would: its exit code and what it printed. */
export async function runCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  const writeErr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  try {
    return { code: await main(['node', 'site', ...args]), out, err };
  } finally {
    write.mockRestore();
    writeErr.mockRestore();
  }
}
