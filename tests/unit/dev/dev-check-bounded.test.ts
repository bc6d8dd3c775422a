import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../bench/support/synthetic.ts';
import { noCache } from '../../../src/cache/build-cache.ts';
import { countAll, type Finding } from '../../../src/check/finding.ts';
import { formatText } from '../../../src/cli/check-report.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevChecker, FINDINGS_PER_CODE } from '../../../src/dev/dev-check.ts';
import { withSharedCodeAssets } from '../../support/shared-code-assets.ts';
import { scaled } from '../../support/time-scale.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const byCode = (findings: readonly Finding[]) => {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(`${f.severity} ${f.code}`, (counts.get(`${f.severity} ${f.code}`) ?? 0) + 1);
  return counts;
};

describe('the check `site dev` runs after a rebuild (dev/dev-check.ts)', () => {
  it(
    'shows at most FINDINGS_PER_CODE findings of a code and counts the rest, whose totals the report prints',
    async () => {
      // The synthetic pages each link /#contact, which no page has: one anchor-missing finding a page and more.
      const content = await mkdtemp(path.join(tmpdir(), 'site-dev-check-'));
      dirs.push(content);
      await writeSyntheticContent(content, 48);
      const built = await new DevBuilder(content, {}, withSharedCodeAssets(noCache)).rebuild();
      if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
      const run = await new DevChecker(content, {}).check(built.files);
      if (!run) throw new Error('the check went stale without an edit');
      for (const [code, n] of byCode(run.findings)) expect(n, code).toBeLessThanOrEqual(FINDINGS_PER_CODE);
      const anchors = run.omitted?.find((o) => o.code === 'anchor-missing');
      expect(anchors?.count).toBeGreaterThan(0);
      expect(byCode(run.findings).get('error anchor-missing')).toBe(FINDINGS_PER_CODE);
      const { error } = countAll(run.findings, run.omitted);
      const text = formatText(run, false);
      expect(text).toContain(`${anchors?.count} more anchor-missing errors`);
      expect(text).toContain(`${error} errors,`);
      expect(error).toBe(
        run.findings.filter((f) => f.severity === 'error').length + (run.omitted ?? []).filter((o) => o.severity === 'error').reduce((n, o) => n + o.count, 0),
      );
    },
    scaled(180_000),
  );
});
