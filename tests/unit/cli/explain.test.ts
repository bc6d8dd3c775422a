import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.ts';
import { loadFixture, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let site: FixtureSite | undefined;
afterAll(() => site?.remove());

describe('site build --explain', () => {
  it(
    'prints each page’s decision with its reason, then the counts; without it, no plan is printed',
    async () => {
      site = await loadFixture('check/base');
      const plain = await runCli('build', '--content', site.content, '--out', site.out, '--no-cache');
      expect(plain.code).toBe(0);
      expect(plain.out).not.toContain('--no-cache: every page renders');
      const explained = await runCli('build', '--content', site.content, '--out', site.out, '--no-cache', '--explain');
      expect(explained.code).toBe(0);
      const lines = explained.out.split('\n');
      expect(lines).toContain('render   /faq          --no-cache: every page renders');
      expect(lines).toContain('render 6, restore 0, reuse 0, unloaded 0, remove 0');
    },
    scaled(120_000),
  );
});
