import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/run.ts';
import { scaled } from '../../support/time-scale.ts';

describe('site check on the real content', () => {
  it(
    'builds every route and reports no errors',
    async () => {
      // --strict: the copy rules' warnings (untranslated, mixed-language, ranges, figures) become errors too.
      const run = await runCheck({ contentDir: 'content', strict: true });
      expect(run.routes).toBeGreaterThan(0);
      expect(run.findings.filter((f) => f.severity === 'error' && !['placeholder', 'backend-missing'].includes(f.code))).toEqual([]);
      // The only warnings allowed are the deploy ones a local build cannot avoid.
      expect(run.findings.filter((f) => f.severity === 'warning' && !['placeholder', 'backend-missing'].includes(f.code))).toEqual([]);
      // A whole build plus every rule: 5–7 s of CPU, 30–45 s on the shared development machine.
    },
    scaled(120_000),
  );
});
