import { describe, expect, it } from 'vitest';
import { threadOptions } from '../../../src/output/thread-entry.ts';

describe('threadOptions', () => {
  it("hands a worker the process's compile cache, which it does not inherit, keeping the other options", () => {
    const options = threadOptions({ resourceLimits: { maxYoungGenerationSizeMb: 1 }, env: { PATH: '/bin' } }, '/tmp/compile-cache');
    expect(options).toEqual({ resourceLimits: { maxYoungGenerationSizeMb: 1 }, env: { PATH: '/bin', NODE_COMPILE_CACHE: '/tmp/compile-cache' } });
    // Without an env of its own a worker gets the process's: the cache is added to a copy of it.
    const copied = threadOptions(undefined, '/tmp/compile-cache').env as NodeJS.ProcessEnv;
    expect(copied.NODE_COMPILE_CACHE).toBe('/tmp/compile-cache');
    expect(copied.PATH).toBe(process.env.PATH);
    expect(process.env.NODE_COMPILE_CACHE).not.toBe('/tmp/compile-cache');
  });

  it('leaves the options as they are without a compile cache (Node 20) or when the environment names one already', () => {
    const options = { resourceLimits: { maxYoungGenerationSizeMb: 1 } };
    expect(threadOptions(options, undefined)).toBe(options);
    const chosen = { env: { NODE_COMPILE_CACHE: '/elsewhere' } };
    expect(threadOptions(chosen, '/tmp/compile-cache')).toBe(chosen);
  });
});
