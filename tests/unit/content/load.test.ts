import { describe, expect, it } from 'vitest';
import { loadContent, loadContentWithSources } from '../../../src/content/load.ts';
import type { SiteError } from '../../../src/errors/site-error.ts';
import { loadFixture, lineOf } from '../../support/fixture.ts';

async function errorsOf(name: string): Promise<{ dir: string; errors: SiteError[] }> {
  const dir = (await loadFixture(`content/${name}`)).content;
  const result = await loadContent(dir);
  if (result.ok) throw new Error(`fixture ${name} loaded without errors`);
  return { dir, errors: result.errors };
}

describe('loadContent', () => {
  it('loads the valid base fixture into a model with routes and resolved references', async () => {
    const result = await loadContent((await loadFixture('content/base')).content);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [home] = result.value.pages;
    expect(home).toMatchObject({ family: 'home', locale: 'de', route: '/', file: 'index.html' });
    expect(home!.page.meta.description).toBe('Ab 17\u00a0€ pro Nutzer und Monat.');
    const hero = home!.page.sections[0];
    expect(hero?.type === 'hero' && hero.lead).toBe('Über 12+ Modelle, 22,99 € im Vergleich.');
  });

  it('collects values tagged !placeholder with their location', async () => {
    const dir = (await loadFixture('content/base')).content;
    const result = await loadContent(dir);
    if (!result.ok) throw new Error('base fixture must load');
    const registry = result.value.placeholders.find((p) => p.location.path === 'company.registryNumber');
    expect(registry).toMatchObject({ value: 'HRB 00000', location: { file: 'site.yaml', line: await lineOf(dir, 'site.yaml', 'registryNumber:') } });
  });

  it('reports YAML syntax errors with file and line, and lists the file as present but unparsed', async () => {
    const { errors } = await errorsOf('yaml-syntax');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'yaml-syntax',
        location: { file: 'pages/home/de.yaml', line: 4, column: 4 },
        message: expect.stringContaining("'description' is indented 1 space deeper than 'title'"),
      }),
    ]);
    const { sources, unparsed } = await loadContentWithSources((await loadFixture('content/yaml-syntax')).content);
    expect(unparsed).toEqual(['pages/home/de.yaml']);
    expect(sources.map((s) => s.file)).not.toContain('pages/home/de.yaml');
  });

  it('reports a syntax error in site.yaml alone, not every reference and plan key that depends on it', async () => {
    const { dir, errors } = await errorsOf('site-syntax');
    expect(errors.map((e) => [e.code, e.location?.file, e.location?.line])).toEqual([
      ['yaml-syntax', 'site.yaml', await lineOf(dir, 'site.yaml', 'name: KI-Zentrale: Plattform')],
    ]);
  });

  it('points an unknown key at its own line and column and suggests the right one', async () => {
    const { dir, errors } = await errorsOf('unknown-key');
    expect(errors).toHaveLength(2);
    expect(errors).toContainEqual(
      expect.objectContaining({
        code: 'unknown-key',
        location: { file: 'pages/home/de.yaml', line: await lineOf(dir, 'pages/home/de.yaml', 'titel:'), column: 5, path: 'sections[0].titel' },
        found: "'titel'",
        hint: "did you mean 'title'?",
      }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ code: 'missing-key', location: expect.objectContaining({ path: 'sections[0].title' }) }));
  });

  it('names expected and found for a wrong type in site.yaml', async () => {
    const { dir, errors } = await errorsOf('wrong-type');
    const error = errors.find((e) => e.location?.file === 'site.yaml');
    expect(error).toMatchObject({
      code: 'invalid-value',
      location: { file: 'site.yaml', line: await lineOf(dir, 'site.yaml', 'standard: { price:'), path: 'constants.plans.standard.price' },
      expected: 'number',
      found: 'the text "17 Euro"',
    });
  });

  it('lists the section types and suggests the closest for an unknown type', async () => {
    const { dir, errors } = await errorsOf('unknown-section-type');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'unknown-type',
        location: expect.objectContaining({ line: await lineOf(dir, 'pages/home/de.yaml', 'type: heor'), path: 'sections[0].type' }),
        expected: expect.stringContaining('hero | features | plans'),
        hint: "did you mean 'hero'?",
      }),
    ]);
  });

  it('reports an unknown constant reference where it is written', async () => {
    const { dir, errors } = await errorsOf('unknown-reference');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'unknown-reference',
        message: "unknown constant 'claims.modells'",
        location: expect.objectContaining({
          file: 'pages/home/de.yaml',
          line: await lineOf(dir, 'pages/home/de.yaml', 'claims.modells'),
          path: 'sections[0].lead',
        }),
        hint: "did you mean 'claims.models'?",
      }),
    ]);
  });

  it('checks plan keys against site.yaml', async () => {
    const { errors } = await errorsOf('unknown-plan');
    expect(errors).toEqual([
      expect.objectContaining({
        location: expect.objectContaining({ path: 'sections[1].plans[0].plan' }),
        expected: '"standard" | "plus" | "smart"',
        found: 'the text "premium"',
      }),
    ]);
  });

  it('refuses a legal section whose facts card would take more parts than it has', async () => {
    const { dir, errors } = await errorsOf('fact-parts-beyond-parts');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'invalid-value',
        message: expect.stringContaining("factParts takes at most the section's 3 parts"),
        location: {
          file: 'pages/impressum/de.yaml',
          line: await lineOf(dir, 'pages/impressum/de.yaml', 'factParts: 4'),
          column: 16,
          path: 'sections[0].factParts',
        },
        expected: '<= 3',
        found: 'the number 4',
      }),
    ]);
  });

  it('reports a missing required key at its parent', async () => {
    const { dir, errors } = await errorsOf('missing-key');
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'missing-key',
        message: "missing required key 'title'",
        location: expect.objectContaining({ path: 'sections[0].title', line: await lineOf(dir, 'pages/home/de.yaml', 'type: hero') }),
        found: 'nothing (the key is missing)',
      }),
    ]);
  });

  it('refuses unsafe link targets in rich text', async () => {
    const { errors } = await errorsOf('unsafe-link');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("unsafe or malformed link target 'javascript:alert(1'");
    expect(errors[0]!.location?.path).toBe('sections[3].body[0]');
  });

  it('reports the errors of all files at once', async () => {
    const { errors } = await errorsOf('several-files');
    expect(errors.map((e) => [e.location?.file, e.code, e.location?.path])).toEqual([
      ['site.yaml', 'missing-key', 'brand.short'],
      ['site.yaml', 'unknown-key', 'brand.shrt'],
      ['pages/home/de.yaml', 'unknown-type', 'sections[0].type'],
    ]);
  });

  it('lets deploy settings come from the environment', async () => {
    const result = await loadContent((await loadFixture('content/base')).content, {
      SITE_URL: 'https://example.org',
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon',
    });
    if (!result.ok) throw new Error('base fixture must load');
    expect(result.value.site.baseUrl).toBe('https://example.org');
    expect(result.value.site.backend).toMatchObject({ url: 'https://abc.supabase.co', anonKey: 'anon' });
  });
});

describe('a content file with a billion laughs', () => {
  it('fails the load with a located yaml-alias error instead of exhausting memory', async () => {
    const names = 'abcdefghi';
    const lines = ['slug: lachen', `${names[0]}: &${names[0]} [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
    for (let i = 1; i < names.length; i++)
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(', ')}]`,
      );
    const dir = (await loadFixture('content/base', { files: { 'pages/lachen/de.yaml': `${lines.join('\n')}\n` } })).content;
    const result = await loadContent(dir);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const alias = result.errors.filter((e) => e.code === 'yaml-alias');
    expect(alias).toHaveLength(1);
    expect(alias[0]!.location).toMatchObject({ line: 3, column: 8 });
    expect(alias[0]!.location?.file).toMatch(/pages\/lachen\/de\.yaml$/);
  });
});
