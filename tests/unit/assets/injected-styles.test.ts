import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { injectedStyles, libraryInjectedCss, withoutInjectedCss } from '../../../src/assets/injected-styles.ts';
import { packageRoot } from '../../../src/package-root.ts';

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

  it("bundles sonner without its injected CSS, and the toaster's rules it needs are in the site's stylesheet", async () => {
    const { build } = await import('esbuild');
    const bundle = async (plugins: (typeof withoutInjectedCss)[]) => {
      const result = await build({
        absWorkingDir: packageRoot,
        stdin: { contents: "import { toast } from 'sonner'; console.log(toast);", resolveDir: packageRoot, loader: 'js' },
        bundle: true,
        format: 'esm',
        write: false,
        logLevel: 'silent',
        plugins,
      });
      return new Map(result.outputFiles.map((file) => [file.path, file.contents]));
    };
    const css = (await libraryInjectedCss('sonner'))!;
    expect(await injectedStyles(await bundle([]))).toEqual(['', css]);
    expect(await injectedStyles(await bundle([withoutInjectedCss]))).toEqual([]);
    // Whitespace and attribute quotes aside: a formatter may lay the copied rules out differently.
    const stylesheet = (await readFile(path.join(packageRoot, 'src/assets/styles.css'), 'utf8')).replace(/\s+/g, ' ').replace(/['"]/g, '');
    for (const rule of [
      '[data-sonner-toaster] { position: fixed;',
      '[data-sonner-toast][data-mounted=true] {',
      '[data-sonner-toaster][data-y-position=bottom] {',
    ])
      expect(stylesheet).toContain(rule);
  });
});
