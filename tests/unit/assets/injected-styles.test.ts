import { describe, expect, it } from 'vitest';
import { injectedStyles, libraryInjectedCss } from '../../../src/assets/injected-styles.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('styles that libraries inject at run time', () => {
  it("reads sonner's injected CSS from the installed package", async () => {
    const css = await libraryInjectedCss('sonner');
    expect(css?.startsWith('[data-sonner-toaster]')).toBe(true);
    expect(css!.length).toBeGreaterThan(1000);
  });

  it('lists the empty element and the CSS only when a bundle ships that CSS', async () => {
    const css = (await libraryInjectedCss('sonner'))!;
    expect(await injectedStyles(new Map([['/assets/a.js', bytes(`function f(){}f(${JSON.stringify(css)})`)]]))).toEqual(['', css]);
    expect(await injectedStyles(new Map([['/assets/a.js', bytes('console.log(1)')]]))).toEqual([]);
  });

  it('answers undefined for a package that is not installed', async () => {
    expect(await libraryInjectedCss('no-such-package-for-site-tests')).toBeUndefined();
  });
});
