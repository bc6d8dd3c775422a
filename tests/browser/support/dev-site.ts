import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

const repo = path.resolve(import.meta.dirname, '../../..');

/** A fixture site under tests/fixtures/ (e.g. `check/base`), copied into a temp folder `site dev` watches. */
export interface DevSite {
  /** The copy's root; the content is `content/` inside it (the root can be a git repository). */
  work: string;
  content: string;
  url: string;
  /** Everything `site dev` printed so far (NO_COLOR). */
  output(): string;
  /** Rebuilds reported so far (one line per rebuild: "updated …" or "no page changed"). */
  rebuilds(): number;
  stop(): Promise<void>;
}

export async function startDevSite(fixture: string, prepare?: (work: string, content: string) => Promise<void>, env: Record<string, string> = {}): Promise<DevSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-dev-'));
  const content = path.join(work, 'content');
  await cp(path.join(repo, 'tests/fixtures', fixture), content, { recursive: true });
  await prepare?.(work, content);
  const dev: ChildProcess = spawn(process.execPath, [path.join(repo, 'bin/site.js'), 'dev', '--content', content, '--port', '0', '--data', path.join(work, 'data')], {
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let out = '';
  dev.stderr!.on('data', (chunk: Buffer) => (out += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    dev.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /dev server at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    dev.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${out}`)));
  });
  return {
    work,
    content,
    url,
    output: () => out,
    rebuilds: () => out.match(/^(updated .*|no page changed) \(\d+ rendered\) in \d+ ms$/gm)?.length ?? 0,
    async stop() {
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      dev.kill('SIGTERM');
      await exited;
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** Opens a route as a returning visitor (no cookie banner) once its live-update stream is connected. */
export async function openLive(page: Page, url: string): Promise<void> {
  await page.context().addCookies([{ name: 'cookie-consent', value: 'accepted', url }]);
  const connected = page.waitForResponse((response) => response.url().endsWith('/__site/events'));
  await page.goto(url);
  await connected;
}

/** Replaces `from` by `to` in a file; fails when `from` is not there (an edit that no longer applies would test nothing). */
export async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`'${from}' is not in ${file}`);
  await writeFile(file, text.replace(from, to));
}
