/**
 * The contact function's start-up (supabase/functions/rapid-worker/index.ts) in Node, with `Deno` stood in: a
 * setting that would make every request fail stops the function at start with a message that names it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const WORKER = '../../../supabase/functions/rapid-worker/index.ts';

function standInDeno(env: Record<string, string>) {
  const serve = vi.fn();
  vi.stubGlobal('Deno', { env: { get: (name: string) => env[name] }, serve });
  return serve;
}

const PLATFORM = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'service-role' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('rapid-worker start-up', () => {
  it('refuses to start without SITE_ORIGINS, naming the variable and how to set it', async () => {
    const serve = standInDeno(PLATFORM);
    await expect(import(WORKER)).rejects.toThrow(/SITE_ORIGINS is not set.*npx supabase secrets set SITE_ORIGINS=/);
    expect(serve).not.toHaveBeenCalled();
  });

  it('starts serving with SITE_ORIGINS set', async () => {
    const serve = standInDeno({ ...PLATFORM, SITE_ORIGINS: 'https://www.example.com' });
    await import(WORKER);
    expect(serve).toHaveBeenCalledTimes(1);
  });
});
