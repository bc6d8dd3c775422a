/** content/glossary.yaml is validated like all content: every mistake with file, line, column and path. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGlossary } from '../../../../src/content/glossary.ts';
import { forbiddenVariants, preferredTerm } from '../../../../src/check/copy/glossary.ts';

async function load(text: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-glossary-'));
  try {
    await writeFile(path.join(dir, 'glossary.yaml'), text);
    return await loadGlossary(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the termbase', () => {
  it('reports each schema mistake at its place', async () => {
    const { errors } = await load(
      ['terms:', '  - concept: GDPR', '    preferred: { de: DSGVO }', '    forbiden: { de: [GDPR] }', '  - concept: nothing to say', ''].join('\n'),
    );
    expect(errors.map((e) => [e.code, e.location?.line, e.location?.column, e.location?.path])).toEqual([
      ['unknown-key', 4, 5, 'terms[0].forbiden'],
      ['invalid-value', 5, 5, 'terms[1]'],
    ]);
    expect(errors[0]!.hint).toBe("did you mean 'forbidden'?");
  });

  it('a site without a glossary has an empty termbase', async () => {
    const { glossary, errors } = await loadGlossary(path.join(os.tmpdir(), 'no-such-content-dir'));
    expect([glossary.terms, errors]).toEqual([[], []]);
  });

  it("variants match whole words (and plurals), per locale and for all; fixed names are every locale's preferred term", async () => {
    const { glossary } = await load(
      [
        'terms:',
        '  - { concept: brand, fixed: KI-Zentrale, forbidden: { all: [KI Zentrale] } }',
        '  - { concept: GDPR, preferred: { de: DSGVO, en: GDPR }, forbidden: { en: [DSGVO] } }',
        '',
      ].join('\n'),
    );
    expect(preferredTerm(glossary.terms[0]!, 'fr')).toBe('KI-Zentrale');
    expect(preferredTerm(glossary.terms[1]!, 'en')).toBe('GDPR');
    const en = forbiddenVariants(glossary, 'en');
    expect(en.map((v) => v.variant)).toEqual(['KI Zentrale', 'DSGVO']);
    const hits = (text: string) => en.filter((v) => new RegExp(v.pattern).test(text)).map((v) => v.variant);
    expect(hits('under the DSGVO, DSGVOs')).toEqual(['DSGVO']);
    expect(hits('DSGVO-compliant')).toEqual(['DSGVO']);
    expect(hits('XDSGVO, KI Zentraler')).toEqual([]);
    expect(forbiddenVariants(glossary, 'de').map((v) => v.variant)).toEqual(['KI Zentrale']);
  });
});
