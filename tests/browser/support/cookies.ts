import { expect, type BrowserContext, type Cookie } from '@playwright/test';

/**
 * The cookie `name` once the browser's cookie store holds it. A page's `document.cookie` write reaches the store
 * (which `context.cookies()` reads) asynchronously, so a test reading it right after the click can miss it.
 */
export async function storedCookie(context: BrowserContext, name: string): Promise<Cookie> {
  let found: Cookie | undefined;
  await expect.poll(async () => (found = (await context.cookies()).find((c) => c.name === name)), { message: `cookie ${name} stored` }).toBeDefined();
  return found as Cookie;
}
