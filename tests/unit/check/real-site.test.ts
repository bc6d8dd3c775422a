import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/run.ts';

describe('site check on the real content', () => {
  it('builds every route and reports no errors', async () => {
    const run = await runCheck({ contentDir: 'content' });
    expect(run.routes).toBeGreaterThan(0);
    expect(run.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // The only warnings allowed are the deploy ones a local build cannot avoid.
    expect(run.findings.filter((f) => f.severity === 'warning' && !['placeholder', 'backend-missing'].includes(f.code))).toEqual([]);
  });
});
