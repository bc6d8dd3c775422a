/**
 * The editor as authors meet it: the YAML language server (the engine of VS Code's YAML extension) run
 * over LSP stdio against a fixture site with the JSON Schemas `site schema` writes, associated the way
 * `site schema` associates them (the `# yaml-language-server: $schema=` line at the top of every content
 * file; the custom tags from the `.vscode/settings.json` it writes). One server for the file.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSchemas, editorSettings, SCHEMA_DIR, schemaModeline } from '../../../src/schema/json-schema.ts';
import { schemaContextOf } from '../../../src/output/write-schemas.ts';
import { LspClient } from './support/lsp-client.ts';
import { scaled } from '../../support/time-scale.ts';

const SERVER = path.resolve(import.meta.dirname, '../../../node_modules/yaml-language-server/bin/yaml-language-server');
const BASE = path.resolve(import.meta.dirname, '../../fixtures/check/base');
const PAGE = 'pages/home/de.yaml';

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
}
interface CompletionItem {
  label: string;
  documentation?: string | { kind: string; value: string };
}

let dir: string;
let client: LspClient;
let uri: string;
let original: string;
let version = 1;

/** The diagnostics the server publishes for the page after its text becomes `text`. */
async function diagnosticsFor(text: string): Promise<Diagnostic[]> {
  const published = new Promise<Diagnostic[]>((resolve) => {
    const off = client.on('textDocument/publishDiagnostics', (params) => {
      const { uri: of, diagnostics } = params as { uri: string; diagnostics: Diagnostic[] };
      if (of !== uri) return;
      off();
      resolve(diagnostics);
    });
  });
  client.notify('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
  return published;
}

/** Line (0-based) of the first line of `text` that equals `line`. */
function lineOf(text: string, line: string): number {
  const at = text.split('\n').indexOf(line);
  expect(at, line).toBeGreaterThan(-1);
  return at;
}

function edit(find: string, replace: string): string {
  expect(original).toContain(find);
  return original.replace(find, replace);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-yaml-ls-'));
  await cp(BASE, dir, { recursive: true });
  const ctx = await schemaContextOf(dir);
  if (!ctx.ok) throw new Error(ctx.errors.map((e) => e.message).join('\n'));
  await mkdir(path.join(dir, SCHEMA_DIR));
  for (const [name, json] of Object.entries(contentSchemas(ctx.value))) await writeFile(path.join(dir, SCHEMA_DIR, `${name}.json`), json);

  original = await readFile(path.join(dir, PAGE), 'utf8');
  // The association under test is the one `site schema` writes into every content file.
  expect(original.split('\n')[0]).toBe(schemaModeline(PAGE));

  const yaml = { validate: true, completion: true, hover: true, customTags: editorSettings('.')['yaml.customTags'] };
  client = new LspClient(process.execPath, [SERVER, '--stdio']);
  client.onRequest = (method, params) =>
    method === 'workspace/configuration' ? (params as { items: { section?: string }[] }).items.map((item) => (item.section === 'yaml' ? yaml : null)) : null;
  await client.request('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {
      workspace: { configuration: true },
      textDocument: { completion: { completionItem: { documentationFormat: ['markdown', 'plaintext'] } }, publishDiagnostics: {} },
    },
  });
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: { yaml } });
  uri = pathToFileURL(path.join(dir, PAGE)).href;
  const opened = new Promise<Diagnostic[]>((resolve) => {
    const off = client.on('textDocument/publishDiagnostics', (params) => {
      if ((params as { uri: string }).uri !== uri) return;
      off();
      resolve((params as { diagnostics: Diagnostic[] }).diagnostics);
    });
  });
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text: original } });
  // The fixture page is valid: the editor shows nothing.
  expect(await opened).toEqual([]);
}, scaled(20_000));

afterAll(async () => {
  await client?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the YAML language server on a content file', () => {
  it('completes the fields of the section type written, each with its description', async () => {
    // A new key line inside the features section (indented like its keys).
    const text = edit('    title: Warum wir\n', '    title: Warum wir\n    \n');
    await diagnosticsFor(text);
    const line = lineOf(text, '    title: Warum wir') + 1;
    const result = await client.request<{ items: CompletionItem[] } | CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line, character: 4 },
    });
    const items = Array.isArray(result) ? result : result.items;
    const labels = items.map((i) => i.label);
    // The features section's own fields not yet written; none of another type's (hero's actions, plans' plans).
    expect(labels).toEqual(expect.arrayContaining(['columns', 'layout', 'lead', 'eyebrow', 'tone']));
    expect(labels).not.toContain('actions');
    expect(labels).not.toContain('plans');
    expect(labels).not.toContain('title');
    const doc = (label: string) => {
      const d = items.find((i) => i.label === label)?.documentation;
      return typeof d === 'string' ? d : (d?.value ?? '');
    };
    expect(doc('columns')).toContain('Cards per row on wide screens');
    expect(doc('layout')).toContain('a compact list of optional extras');
  });

  it('an unknown key in a section is one diagnostic, on that key', async () => {
    const text = edit('    title: Warum wir\n', '    title: Warum wir\n    colums: 2\n');
    const diagnostics = await diagnosticsFor(text);
    expect(diagnostics.map((d) => d.message)).toEqual(['Property colums is not allowed.']);
    expect(diagnostics[0]!.range.start).toEqual({ line: lineOf(text, '    colums: 2'), character: 4 });
  });

  it('a misspelt required key is reported at that section only: the unknown key and the missing one', async () => {
    const text = edit('    title: Warum wir\n', '    titel: Warum wir\n');
    const diagnostics = await diagnosticsFor(text);
    const section = lineOf(text, '  - type: features');
    expect(diagnostics.map((d) => [d.range.start.line, d.message])).toEqual([
      [section, 'Missing property "title".'],
      [lineOf(text, '    titel: Warum wir'), 'Property titel is not allowed.'],
    ]);
  });

  it('an unknown section type is one diagnostic on the type, naming the types there are', async () => {
    const text = edit('  - type: features\n', '  - type: feature\n');
    const diagnostics = await diagnosticsFor(text);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.range.start).toEqual({ line: lineOf(text, '  - type: feature'), character: 10 });
    expect(diagnostics[0]!.message).toMatch(/^Value is not accepted\. Valid values: "hero", "features", "plans", .*"notFound"\.$/);
  });
});
