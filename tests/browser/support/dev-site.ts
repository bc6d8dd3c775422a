import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadFixture, type DevServer } from '../../support/fixture.ts';

/** A fixture site under tests/fixtures/ (e.g. `check/base`) that `site dev` runs on (tests/support/fixture.ts). */
export interface DevSite extends DevServer {
  /** The copy's root; the content is `content/` inside it (the root can be a git repository). */
  work: string;
  content: string;
}

export async function startDevSite(
  fixture: string,
  prepare?: (work: string, content: string) => Promise<void>,
  env: Record<string, string> = {},
): Promise<DevSite> {
  const site = await loadFixture(fixture);
  await prepare?.(site.root, site.content);
  const dev = await site.dev({ env });
  return { ...dev, work: site.root, content: site.content, stop: site.remove };
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

const repo = path.resolve(import.meta.dirname, '../../..');

/**
 * The editor's fixture on top of `check/base`: a real English home page (tests/fixtures/translations) and French added
 * with content files only (tests/fixtures/editor, its entry in site.yaml).
 */
export async function addEditorFixture(content: string): Promise<void> {
  await cp(path.join(repo, 'tests/fixtures/translations'), content, { recursive: true });
  await cp(path.join(repo, 'tests/fixtures/editor'), content, { recursive: true, filter: (from) => !from.endsWith('README.md') });
  await replaceIn(
    path.join(content, 'site.yaml'),
    '  - { code: en, lang: en, hreflang: en }\n',
    '  - { code: en, lang: en, hreflang: en }\n  - { code: fr, lang: fr, hreflang: fr }\n',
  );
}
