/** `site dev` of a checkout on a copy of a content folder, for the benchmarks that edit while a browser watches. */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SiteDev {
  url: string;
  /** The copy of the content `site dev` watches. */
  content: string;
  /** What `site dev` printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export async function startSiteDev(bin: string, content: string): Promise<SiteDev> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-dev-'));
  const copy = path.join(work, 'content');
  await cp(content, copy, { recursive: true });
  const child = spawn(process.execPath, [bin, 'dev', '--content', copy, '--port', '0', '--data', path.join(work, 'data')], {
    cwd: path.dirname(path.dirname(bin)),
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(work, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /dev server at (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${out}`)));
    });
    return { url, content: copy, output: () => out, stop };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
