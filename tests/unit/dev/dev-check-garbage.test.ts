/**
 * The check `site dev` runs collects its garbage as it goes (dev-check.ts `garbageBound`): parsing every page leaves
 * garbage V8 would let grow to several times what is live. The supervisor exposes `gc` to the dev server for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { garbageBound } from '../../../src/dev/dev-check.ts';
import { DEV_CHILD_FLAGS } from '../../../src/dev/supervisor.ts';

describe('garbageBound', () => {
  it('collects at once, then whenever the heap in use has grown the budget past what the last collection left', () => {
    let used = 900;
    const gc = vi.fn(() => (used = 500));
    const collect = garbageBound(100, gc, () => used);
    // The garbage the rebuild left (900 in use, 500 live) is collected first: the floor is 500, not 900.
    expect(gc).toHaveBeenCalledTimes(1);
    used = 599;
    collect();
    expect(gc).toHaveBeenCalledTimes(1);
    gc.mockImplementation(() => (used = 520));
    used = 600;
    collect();
    expect(gc).toHaveBeenCalledTimes(2);
    // The floor is now what the collection left (520): 619 is within the budget, 620 is not.
    used = 619;
    collect();
    expect(gc).toHaveBeenCalledTimes(2);
    used = 620;
    collect();
    expect(gc).toHaveBeenCalledTimes(3);
  });

  it('leaves collecting to V8 where gc is not exposed', () => {
    const used = vi.fn(() => 0);
    const collect = garbageBound(100, undefined, used);
    collect();
    expect(used).not.toHaveBeenCalled();
  });

  it('is given gc in `site dev`: the supervisor starts the dev server with --expose-gc', () => {
    expect(DEV_CHILD_FLAGS).toContain('--expose-gc');
  });
});
