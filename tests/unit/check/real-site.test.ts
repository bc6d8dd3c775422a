import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/run.ts';

/**
 * Routes of the SPEC route table that the real content links to before their pages exist on every branch
 * (they arrive with the pages and routes work). Links to them are the only errors tolerated here; once
 * those pages are merged this allowance matches nothing and the real site must pass cleanly.
 */
const SPEC_ROUTES = new Set(['/chatbot', '/education', '/impressum', '/agb', '/datenschutz', '/faq', '/leitfaden']);

describe('site check on the real content', () => {
  it('builds every route and reports no errors', async () => {
    const run = await runCheck({ contentDir: 'content' });
    expect(run.routes).toBeGreaterThan(0);
    const errors = run.findings.filter((f) => f.severity === 'error');
    const pending = errors.filter((f) => f.code === 'link-broken' && SPEC_ROUTES.has(f.found ?? ''));
    expect(errors.filter((f) => !pending.includes(f))).toEqual([]);
    expect(run.findings.filter((f) => f.severity === 'warning' && !['placeholder', 'backend-missing'].includes(f.code))).toEqual([]);
  });
});
