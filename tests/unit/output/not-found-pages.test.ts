import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotFound, outputFileFor } from '../../../src/content/routes.ts';
import type { RunningServer } from '../../../src/server/server.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

/** A French not-found page beside the fixture's German one. */
const FRENCH_NOT_FOUND = `slug: "404"
meta:
  title: 404 – Page introuvable
  description: La page demandée n’existe pas.
header: back
sections:
  - type: notFound
    code: "404"
    title: Oops! Page not found
    titleLang: en
    text: Cette page n’existe pas, ou plus.
    pathLabel: "Adresse demandée :"
    action: { label: Retour à l’accueil, href: /fr }
    links:
      title: Continuer vers
      items:
        - { label: Tarifs, href: "/fr#pricing" }
        - { label: L’IA à l’école, href: /fr/education }
    logMessage: "404 Error: User attempted to access non-existent route:"
`;

describe('routes of the not-found pages', () => {
  it("a language's not-found page is 404.html in its folder", () => {
    expect(outputFileFor('/404')).toBe('404.html');
    expect(outputFileFor('/fr/404')).toBe('fr/404.html');
    expect(outputFileFor('/fr/education')).toBe('fr/education/index.html');
    expect([isNotFound('/404'), isNotFound('/fr/404'), isNotFound('/fr/education'), isNotFound('/a/b/404')]).toEqual([true, true, false, false]);
  });
});

describe('a not-found page per language', () => {
  let site: FixtureSite;
  let server: RunningServer;
  beforeAll(async () => {
    site = await loadFixture(PAGE_TYPES_SITE, { files: { 'pages/not-found/fr.yaml': FRENCH_NOT_FOUND } });
    const built = await site.build();
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
    server = await site.serve();
  }, scaled(60_000));
  afterAll(() => site.remove());

  it('is written to <locale>/404.html, noindex, without a canonical URL, and left out of the sitemap', async () => {
    const html = await site.readFile('fr/404.html');
    expect(html).toContain('<html lang="fr"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain('rel="canonical"');
    expect(await site.readFile('sitemap.xml')).not.toContain('404');
  });

  it('_redirects gives Netlify a 404 rule per language, after every redirect, that a file at the path still beats', async () => {
    const file = path.join(site.out, '_redirects');
    const parsed = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true });
    expect(parsed.errors).toEqual([]);
    const rules = (parsed.redirects as { from: string; to: string; status: number; force: boolean }[]).map(({ from, to, status, force }) => [
      from,
      to,
      status,
      force,
    ]);
    expect(rules.at(-1)).toEqual(['/fr/*', '/fr/404.html', 404, false]);
    expect(rules.filter(([, , status]) => status === 404)).toHaveLength(1);
    // The German page is the host's own /404.html: no rule for it.
    expect(await readFile(file, 'utf8')).not.toMatch(/^\/\* /m);
  });

  it('`site serve` answers an unknown path with the nearest 404.html up the tree, status 404', async () => {
    const titleOf = async (urlPath: string) => {
      const res = await fetch(server.url + urlPath);
      return [res.status, /<html lang="(\w+)"/.exec(await res.text())?.[1]];
    };
    expect(await titleOf('/fr/nope')).toEqual([404, 'fr']);
    expect(await titleOf('/fr/education/old/link')).toEqual([404, 'fr']);
    expect(await titleOf('/fr/nope/')).toEqual([404, 'fr']);
    expect(await titleOf('/frx/nope')).toEqual([404, 'de']);
    expect(await titleOf('/gibt-es-nicht')).toEqual([404, 'de']);
    expect(await titleOf('/en/nope')).toEqual([404, 'de']);
    expect(await titleOf('/fr')).toEqual([200, 'fr']);
  });
});
