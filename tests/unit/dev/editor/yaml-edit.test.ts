/* eslint-disable @typescript-eslint/no-explicit-any -- the editor edits arbitrary YAML trees, which these tests walk and change by key. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CUSTOM_TAGS } from '../../../../src/content/yaml-source.ts';
import { editYaml } from '../../../../src/dev/editor/yaml-edit.ts';

const read = (text: string) => parse(text, { customTags: CUSTOM_TAGS }) as Record<string, unknown>;

/** Lines that differ, as `-old` / `+new` (the files keep their line count in these cases). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(`-${a[i] ?? ''}`, `+${b[i] ?? ''}`);
  return out;
}

function edited(text: string, change: (data: any) => void): string {
  const data = read(text);
  change(data);
  const result = editYaml(text, data);
  if (!result.ok) throw new Error(result.message);
  expect(read(result.text)).toEqual(data);
  return result.text;
}

const SAMPLE = `# yaml-language-server: $schema=../../.schema/page.json
# A comment at the top
slug: ""
meta: { title: "Accueil – KI-Zentrale", description: Une plateforme }
sections:
  # the hero comes first
  - type: hero
    title: Toutes les IA
    lead: >-
      Un texte long qui est plié
      sur deux lignes.
    actions:
      - { label: Contact, href: "#contact" } # trailing comment
  - type: cta # second
    title: 'Prêt ?'
    text: Un texte très long qui dépasse de loin les quatre-vingts caractères de large, sur une seule ligne.
  - type: faq
    title: Questions
    items: [{ question: Où ?, answer: [En Europe.] }]
`;

describe('editYaml', () => {
  it('changes one value: the diff is that one line, quoting and comments stay', () => {
    const after = edited(SAMPLE, (d) => (d.sections[0].title = 'Tous les modèles'));
    expect(changedLines(SAMPLE, after)).toEqual(['-    title: Toutes les IA', '+    title: Tous les modèles']);
    const quoted = edited(SAMPLE, (d) => (d.sections[1].title = 'Prêt à commencer ?'));
    expect(changedLines(SAMPLE, quoted)).toEqual(["-    title: 'Prêt ?'", "+    title: 'Prêt à commencer ?'"]);
    const inFlow = edited(SAMPLE, (d) => (d.meta.description = 'Une plateforme, en Europe'));
    expect(changedLines(SAMPLE, inFlow)).toEqual([
      '-meta: { title: "Accueil – KI-Zentrale", description: Une plateforme }',
      '+meta: { title: "Accueil – KI-Zentrale", description: "Une plateforme, en Europe" }',
    ]);
  });

  it('keeps a string that looks like a number a string', () => {
    const after = edited('code: abc\n', (d) => (d.code = '95444'));
    expect(after).toBe('code: "95444"\n');
  });

  it('keeps block scalars block scalars', () => {
    const after = edited(SAMPLE, (d) => (d.sections[0].lead = 'Un autre texte.'));
    expect(changedLines(SAMPLE, after)).toEqual(
      ['-      Un texte long qui est plié', '+      Un autre texte.', '-      sur deux lignes.', '+    actions:'].concat(changedLines(SAMPLE, after).slice(4)),
    );
    expect(after).toContain('    lead: >-\n      Un autre texte.\n    actions:');
  });

  it('keeps a folded paragraph’s line breaks: an edit changes only the lines it touches', () => {
    const text = [
      'hero:',
      '  lead: >-',
      '    Eine Plattform für alle KI-Modelle, die Ihr Unternehmen braucht, mit',
      '    klaren Preisen, europäischem Hosting und einer Oberfläche, die jeder im',
      '    Team ohne Schulung bedienen kann.',
      '  title: Start',
      '',
    ].join('\n');
    const twoWords = edited(text, (d) => (d.hero.lead = d.hero.lead.replace('klaren Preisen', 'festen Monatspreisen')));
    expect(changedLines(text, twoWords)).toEqual([
      '-    klaren Preisen, europäischem Hosting und einer Oberfläche, die jeder im',
      '+    festen Monatspreisen, europäischem Hosting und einer Oberfläche, die jeder im',
    ]);
    const first = edited(text, (d) => (d.hero.lead = d.hero.lead.replace('Eine Plattform', 'Die Plattform')));
    expect(changedLines(text, first)).toEqual([
      '-    Eine Plattform für alle KI-Modelle, die Ihr Unternehmen braucht, mit',
      '+    Die Plattform für alle KI-Modelle, die Ihr Unternehmen braucht, mit',
    ]);
    // A long insertion is folded at the paragraph's width; the lines around it stay.
    const longer = edited(
      text,
      (d) => (d.hero.lead = d.hero.lead.replace('Hosting', 'Hosting in Rechenzentren in Frankfurt und Nürnberg, mit Vertrag nach DSGVO,')),
    );
    const lines = longer.split('\n');
    expect(lines.slice(0, 3)).toEqual(text.split('\n').slice(0, 3));
    expect(lines).toContain('    Team ohne Schulung bedienen kann.');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(4 + 80);
    // A change that spills a word over its line's width flows into the next line, never onto a line of its own.
    const spilled = edited(text, (d) => (d.hero.lead = d.hero.lead.replace('die jeder im', 'die jeder im zentralen')));
    expect(changedLines(text, spilled)).toEqual(['-    Team ohne Schulung bedienen kann.', '+    zentralen Team ohne Schulung bedienen kann.']);
    // A second paragraph becomes an empty line and new lines; `>` keeps its one final newline.
    const clip = text.replace('>-', '>');
    const added = edited(clip, (d) => (d.hero.lead = d.hero.lead.replace(/\n$/, '\nZweiter Absatz.\n')));
    expect(added).toContain('    Team ohne Schulung bedienen kann.\n\n    Zweiter Absatz.\n  title: Start\n');
    expect(changedLines(clip, added).slice(0, 2)).toEqual(['-  title: Start', '+']);
  });

  it('writes a new entry in the flow style of its siblings: a footer link on one line beside the others', () => {
    const text = [
      'footer:',
      '  columns:',
      '    - title: Produkt',
      '      items:',
      '        - { label: Preise, href: /#preise }',
      '        - { label: FAQ, href: /faq }',
      'plans:',
      '  standard: { price: 17 }',
      '',
    ].join('\n');
    const after = edited(text, (d) => {
      d.footer.columns[0].items.push({ label: 'Webinare', href: '/webinare' });
      d.plans.plus = { price: 21 };
    });
    expect(after).toBe(
      text
        .replace('/faq }\n', '/faq }\n        - { label: Webinare, href: /webinare }\n')
        .replace('  standard: { price: 17 }\n', '  standard: { price: 17 }\n  plus: { price: 21 }\n'),
    );
    const tight = edited('items:\n  - {label: A, href: /a}\n', (d) => d.items.push({ label: 'B', href: '/b' }));
    expect(tight).toBe('items:\n  - {label: A, href: /a}\n  - {label: B, href: /b}\n');
    // Block siblings keep a new entry in block style.
    const block = edited('items:\n  - label: A\n    href: /a\n', (d) => d.items.push({ label: 'B', href: '/b' }));
    expect(block).toBe('items:\n  - label: A\n    href: /a\n  - label: B\n    href: /b\n');
  });

  it('reorders, removes and adds list items, keeping each item’s text and comments', () => {
    const swapped = edited(SAMPLE, (d) => ([d.sections[0], d.sections[1]] = [d.sections[1], d.sections[0]]));
    expect(swapped).toContain('sections:\n  # the hero comes first\n  - type: cta # second\n');
    expect(swapped).toContain('  - type: hero\n    title: Toutes les IA\n    lead: >-\n      Un texte long qui est plié\n');
    const removed = edited(SAMPLE, (d) => d.sections.splice(1, 1));
    expect(removed).not.toContain('type: cta');
    expect(removed).toContain('  - type: faq\n    title: Questions\n    items: [{ question: Où ?, answer: [En Europe.] }]\n');
    const first = edited(SAMPLE, (d) => d.sections.shift());
    expect(first).toContain('sections:\n  # the hero comes first\n  - type: cta # second\n');
    const added = edited(SAMPLE, (d) => d.sections.push({ type: 'about', title: 'Nous', body: ['Une équipe.'] }));
    expect(added.endsWith('    items: [{ question: Où ?, answer: [En Europe.] }]\n  - type: about\n    title: Nous\n    body:\n      - Une équipe.\n')).toBe(
      true,
    );
  });

  it('adds and removes keys; a changed flow collection stays flow', () => {
    const added = edited(SAMPLE, (d) => (d.sections[1].id = 'demo'));
    expect(added).toContain(
      '    text: Un texte très long qui dépasse de loin les quatre-vingts caractères de large, sur une seule ligne.\n    id: demo\n  - type: faq',
    );
    const removed = edited(SAMPLE, (d) => delete d.sections[1].text);
    expect(changedLines(SAMPLE, removed).length).toBeGreaterThan(0);
    expect(removed).not.toContain('quatre-vingts');
    const flow = edited(SAMPLE, (d) => d.sections[2].items.push({ question: 'Quand ?', answer: ['Maintenant.'] }));
    expect(flow).toContain('    items: [{question: Où ?, answer: [En Europe.]}, {question: Quand ?, answer: [Maintenant.]}]\n');
  });

  it('keeps tags and the rest of every real content file when one string changes', () => {
    const root = path.resolve('content');
    const files = ['site.yaml', ...readdirSync(path.join(root, 'locales')).map((f) => `locales/${f}`), 'pages/home/fr.yaml', 'pages/agb/de.yaml'];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const data = read(text);
      // The first string value found, changed.
      const first = (value: any, set: (v: string) => void): boolean => {
        if (typeof value === 'string') return (set(`${value} (geändert)`), true);
        if (value && typeof value === 'object') for (const key of Object.keys(value)) if (first(value[key], (v) => (value[key] = v))) return true;
        return false;
      };
      first(data, () => {});
      const result = editYaml(text, data);
      expect(result.ok, file).toBe(true);
      if (result.ok) expect(changedLines(text, result.text).length, file).toBe(2);
    }
    const site = readFileSync(path.join(root, 'site.yaml'), 'utf8');
    const after = edited(site, (d) => (d.company.street = 'Hauptstraße 1'));
    expect(changedLines(site, after)).toEqual(['-  street: !placeholder Maximilianstraße 12', '+  street: !placeholder Hauptstraße 1']);
  });
});
