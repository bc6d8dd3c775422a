/**
 * A language is content: the "Add a language" steps of docs/authoring/languages.md, done in a copy of the project on a small
 * fixture site, with content files only. The project's code (src/, supabase/, bin/, templates/) is
 * copied as it is and never edited; `site build` writes the contact function's generated language list,
 * and `site serve` (the function's local twin) then accepts a request from the Italian form.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPayload, type PayloadShape } from '../../../supabase/functions/_shared/contact-payload.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const fixtureSite = path.join(repo, 'tests/fixtures/check/base');
const italian = path.join(repo, 'tests/fixtures/add-language');
/** What the project is made of, besides content: copied unchanged. */
const PROJECT_CODE = ['bin/site.js', 'src', 'supabase', 'templates', 'package.json', 'tsconfig.json', '.htmlvalidate.json'];

let project: string;
let server: ChildProcess | undefined;

function site(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [path.join(project, 'bin/site.js'), ...args], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The text of HTML without its tags and the soft hyphens the render puts into long words. */
const readable = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\u00ad/g, '');

async function textOf(file: string): Promise<string> {
  return readFile(path.join(project, file), 'utf8');
}

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'site-add-language-'));
  for (const part of PROJECT_CODE) await cp(path.join(repo, part), path.join(project, part), { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  await cp(fixtureSite, path.join(project, 'content'), { recursive: true });

  // docs/authoring/languages.md "Add a language", step 1: the language's entry in site.yaml.
  const siteYaml = await textOf('content/site.yaml');
  const withItalian = siteYaml.replace(/^(locales:\n(?: {2}- .*\n)+)/m, '$1  - { code: it, lang: it, hreflang: it }\n');
  expect(withItalian).not.toBe(siteYaml);
  await writeFile(path.join(project, 'content/site.yaml'), withItalian);
  // Steps 2 and 3: its UI strings and its pages.
  await mkdir(path.join(project, 'content/pages/home'), { recursive: true });
  await cp(path.join(italian, 'locales/it.yaml'), path.join(project, 'content/locales/it.yaml'));
  await cp(path.join(italian, 'pages/home/it.yaml'), path.join(project, 'content/pages/home/it.yaml'));
}, scaled(180_000));

afterAll(async () => {
  if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve).kill('SIGTERM'));
  if (project) await rm(project, { recursive: true, force: true });
}, scaled(60_000));

describe('adding Italian with content files only', () => {
  it(
    'builds the Italian pages, with their language and typography from content',
    () => {
      const built = site('build');
      expect(built.stderr + built.stdout).not.toMatch(/error/i);
      expect(built.status).toBe(0);
    },
    scaled(120_000),
  );

  it("writes the contact function's language list, the only file under supabase/ that changes", async () => {
    expect(await textOf('supabase/functions/_shared/generated/locales.ts')).toContain('["de","en","it"]');
    for (const file of [
      'supabase/functions/_shared/contact-fields.ts',
      'supabase/functions/_shared/contact-request.ts',
      'supabase/functions/rapid-worker/index.ts',
    ]) {
      expect(await textOf(file), file).toBe(await readFile(path.join(repo, file), 'utf8'));
    }
  });

  it("renders the Italian home page under /it with lang, hreflang and the locale's spacing rules", async () => {
    const html = await textOf('dist/it/index.html');
    expect(html).toContain('<html lang="it">');
    // Read as a visitor does: the render binds phrases such as "di IA" in nowrap spans (render/keep-together.tsx).
    expect(readable(html)).toContain('Tutti i modelli di IA in un unico posto');
    expect(html).toMatch(/hreflang="it" href="[^"]*\/it"/);
    expect(html).toContain('17\u00a0€');
    expect(await textOf('dist/index.html')).toMatch(/hreflang="it" href="[^"]*\/it"/);
  });

  it(
    'passes site check',
    () => {
      const checked = site('check', '--out', 'dist', '--format', 'json');
      const findings = (JSON.parse(checked.stdout) as { findings: { severity: string; code: string; message: string }[] }).findings;
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(checked.status).toBe(0);
    },
    scaled(120_000),
  );

  it(
    'stores a contact request sent from the Italian form through site serve',
    async () => {
      const html = await textOf('dist/it/index.html');
      const island = /data-island="contact-form"[^>]*data-props-src="\/([^"]*)"/.exec(html);
      expect(island, 'the Italian page has a contact form').not.toBeNull();
      const props = JSON.parse(await textOf(`dist/${island![1]!}`)) as {
        source: { form: string; locale: string };
        shape: PayloadShape;
        backend: { functionName: string };
      };
      expect(props.source).toEqual({ form: 'business', locale: 'it' });

      const port = 4500 + Math.floor(Math.random() * 400);
      server = spawn(process.execPath, [path.join(project, 'bin/site.js'), 'serve', '--port', String(port), '--data', '.data'], {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        let out = '';
        server!.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('serving')) resolve();
        });
        server!.on('exit', (code) => reject(new Error(`site serve exited with ${code}: ${out}`)));
      });
      // Unique: with DATABASE_URL the store is a PostgreSQL other suites write to at the same time.
      const email = `giulia-${Date.now()}@example.org`;
      const body = contactPayload(props.shape, {
        name: 'Giulia Bianchi',
        email,
        company: 'Studio Bianchi',
        products: ['platform'],
        subject: 'Informazioni sulla piattaforma',
        message: 'Vorremmo sapere di più sulla piattaforma per il nostro studio.',
        privacyConsent: true,
      });
      const response = await fetch(`http://127.0.0.1:${port}/functions/v1/${props.backend.functionName}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-form': props.source.form, 'x-site-locale': props.source.locale },
        body: JSON.stringify(body),
      });
      expect(await response.json()).toHaveProperty('id');
      expect(response.status).toBe(200);

      // Only this address: with DATABASE_URL the whole table holds every other suite's requests too.
      const leads = site('leads', 'export', email, '--data', '.data');
      const rows = (JSON.parse(leads.stdout) as { contact_requests: { locale: string; name: string; subject: string }[] }).contact_requests;
      expect(rows).toEqual([expect.objectContaining({ locale: 'it', name: 'Giulia Bianchi', subject: 'Informazioni sulla piattaforma' })]);

      // No locale of this site has notification texts: the erasure still lists the request, by its codes.
      const preview = site('leads', 'erase', email, '--dry-run', '--data', '.data');
      expect(preview.stderr).toBe('');
      expect(preview.stdout).toMatch(/^will erase 1 contact request and \d+ lead notifications? stored about /);
      expect(preview.stdout).toMatch(/received \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\) {2}business {2}it {2}"Giulia Bianchi"/);
      expect(preview.stdout).toContain('dry run: nothing was erased');
    },
    scaled(120_000),
  );
});
