/**
 * The check `site dev` runs collects its garbage as it goes (dev-check.ts `garbageBound`): parsing every page leaves
 * garbage V8 would let grow to several times what is live. The supervisor exposes `gc` to the dev server for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { garbageBound } from '../../../src/dev/dev-check.ts';
import { DEV_CHILD_FLAGS } from '../../../src/dev/supervisor.ts';

describe('garbageBound', () => {
  it('collects once the heap in use has grown the budget past what the last collection left', () => {
    let used = 500;
    const gc = vi.fn(() => (used = 520));
    const collect = garbageBound(100, gc, () => used);
    used = 599;
    collect();
    expect(gc).not.toHaveBeenCalled();
    used = 600;
    collect();
    expect(gc).toHaveBeenCalledTimes(1);
    // The floor is now what the collection left (520): 619 is within the budget, 620 is not.
    used = 619;
    collect();
    expect(gc).toHaveBeenCalledTimes(1);
    used = 620;
    collect();
    expect(gc).toHaveBeenCalledTimes(2);
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
