/* eslint-disable @typescript-eslint/no-explicit-any -- the editor edits arbitrary YAML trees, which these tests walk and change by key. */
import { request as httpRequest } from 'node:http';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../../../../src/content/load.ts';
import { CUSTOM_TAGS, parseYaml } from '../../../../src/content/yaml-source.ts';
import { STOCK_TEXT } from '../../../../src/content/stock-text.ts';
import { checkEditorFiller } from '../../../../src/check/editor-filler.ts';
import { contentFiles, editablePath } from '../../../../src/dev/editor/content-files.ts';
import { contentEditor, TOKEN_HEADER } from '../../../../src/dev/editor/editor-api.ts';
import { startServer, type RunningServer } from '../../../../src/server/server.ts';

const repo = path.resolve(import.meta.dirname, '../../../..');
let work: string;
let content: string;
let server: RunningServer;
let token: string;
let changes = 0;
const unsavedEdits = new Map<string, string>();

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-editor-api-'));
  content = path.join(work, 'content');
  await cp(path.join(repo, 'tests/fixtures/check/base'), content, { recursive: true });
  await writeFile(path.join(work, 'secret.yaml'), 'secret: true\n');
  const editor = contentEditor({ contentDir: content, env: {}, unsavedEdits, changed: () => void changes++ });
  token = editor.token;
  server = await startServer({ port: 0, host: '127.0.0.1', handlers: [editor.handler] });
});

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

type Answer = { status: number; body: Record<string, any> };

/** A request with full control of its headers (fetch does not let a test set Host). */
function call(method: string, route: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(route, server.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : { text } }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const origin = () => server.url;
const editorCall = (method: string, action: string, body?: unknown) =>
  call(method, `/__site/editor/api/${action}`, { body, headers: { [TOKEN_HEADER]: token, origin: origin() } });

async function open(file: string): Promise<{ version: string; data: any; schema: any; source?: any; constants: { ref: string; value: string }[] }> {
  const answer = await editorCall('GET', `file?path=${encodeURIComponent(file)}`);
  expect(answer.status).toBe(200);
  return answer.body as any;
}

describe('path containment', () => {
  it('opens only the content files, inside the content folder', async () => {
    expect(await editablePath(content, 'pages/home/de.yaml')).toBe(path.join(content, 'pages/home/de.yaml'));
    expect(await editablePath(content, 'site.yaml')).toBe(path.join(content, 'site.yaml'));
    for (const name of [
      '../secret.yaml',
      'pages/../../secret.yaml',
      'pages/home/../../../secret.yaml',
      '/etc/passwd',
      path.join(work, 'secret.yaml'),
      'pages/home/de.yml',
      'check.yaml',
      'pages/home/de.yaml\0',
      'pages\\home\\de.yaml',
      'pages/home/new.yaml',
      '',
      42,
      undefined,
    ]) {
      expect(await editablePath(content, name), String(name)).toBeUndefined();
    }
  });

  it('refuses to read or write outside the content folder', async () => {
    expect((await editorCall('GET', `file?path=${encodeURIComponent('../secret.yaml')}`)).status).toBe(403);
    // A symlink inside content/ that leads out of it.
    const link = path.join(content, 'locales/xx.yaml');
    await symlink(path.join(work, 'secret.yaml'), link);
    try {
      expect(await editablePath(content, 'locales/xx.yaml')).toBeUndefined();
      expect((await editorCall('GET', `file?path=${encodeURIComponent('locales/xx.yaml')}`)).status).toBe(403);
      expect((await editorCall('POST', 'save', { path: 'locales/xx.yaml', version: '', data: { secret: false } })).status).toBe(403);
    } finally {
      await rm(link);
    }
    const saved = await editorCall('POST', 'save', { path: '../secret.yaml', version: '', data: { secret: false } });
    expect(saved.status).toBe(403);
    expect(await readFile(path.join(work, 'secret.yaml'), 'utf8')).toBe('secret: true\n');
  });
});

describe('origin and token', () => {
  it('hands the token only to /admin at a loopback host', async () => {
    const admin = await call('GET', '/admin');
    expect(admin.status).toBe(200);
    expect(admin.body.text).toContain(`content="${token}"`);
    // DNS rebinding: another name that resolves to this machine gets nothing.
    const rebound = await call('GET', '/admin', { headers: { host: `attacker.example:${new URL(server.url).port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body.text ?? '').not.toContain(token);
  });

  it('refuses API requests without the token, with a wrong one, or from another origin', async () => {
    const body = { path: 'pages/home/de.yaml', version: '', data: {} };
    const cases: [Record<string, string>, string][] = [
      [{ origin: origin() }, 'missing or wrong editor token: reload /admin'],
      [{ origin: origin(), [TOKEN_HEADER]: 'x'.repeat(token.length) }, 'missing or wrong editor token: reload /admin'],
      [{ origin: 'http://attacker.example', [TOKEN_HEADER]: token }, 'cross-origin request refused'],
      [{ origin: 'null', [TOKEN_HEADER]: token }, 'cross-origin request refused'],
      [{ [TOKEN_HEADER]: token }, 'cross-origin request refused: no Origin header'],
    ];
    for (const [headers, error] of cases) {
      const answer = await call('POST', '/__site/editor/api/save', { body, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body.error).toBe(error);
    }
    expect((await call('GET', '/__site/editor/api/files')).status).toBe(403);
    expect((await editorCall('GET', 'files')).body.pages).toEqual({ agb: ['de'], datenschutz: ['de'], faq: ['de'], home: ['de', 'en'], impressum: ['de'] });
  });

  it('names each language in itself and each page by its heading; the code only where a file names none', async () => {
    const files = (await editorCall('GET', 'files')).body;
    expect(files.languageNames).toEqual({ de: 'Deutsch', en: 'English' });
    // Pages by the heading visitors read (the first section's title), for the "New page" menu.
    expect(files.pageTitles.faq).toEqual({ de: 'Fragen und Antworten' });
    expect(files.pageTitles.home.de).toBe('Alle KI-Modelle an einem Ort');
    // And each by its address, from its slug: the default language at the root, the others under their code.
    expect(files.pageRoutes.faq).toEqual({ de: '/faq' });
    expect(files.pageRoutes.home).toEqual({ de: '/', en: '/en' });
    const dir = await mkdtemp(path.join(tmpdir(), 'site-editor-names-'));
    try {
      await cp(path.join(content, 'locales'), path.join(dir, 'locales'), { recursive: true });
      await writeFile(path.join(dir, 'locales/fr.yaml'), 'name: Français\nintl: fr-FR\n');
      await writeFile(path.join(dir, 'locales/es.yaml'), 'intl: es-ES\n');
      await writeFile(path.join(dir, 'locales/it.yaml'), 'name: [broken\n');
      const { locales, languageNames } = await contentFiles(dir);
      expect(locales).toEqual(['de', 'en', 'es', 'fr', 'it']);
      expect(languageNames).toEqual({ de: 'Deutsch', en: 'English', es: 'es', fr: 'Français', it: 'it' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('forms, unsaved edits and saving', () => {
  it('gives the page form its schema with descriptions, sections chosen by type, the German source and the constants', async () => {
    const file = await open('pages/home/en.yaml');
    expect(file.schema.properties.slug.description).toContain('path below its language root');
    const sections = file.schema.properties.sections.items;
    expect(sections.discriminator).toEqual({ propertyName: 'type' });
    expect(sections.oneOf.map((s: { title: string }) => s.title)).toContain('hero');
    expect(file.source.sections[0].title).toBe('Alle KI-Modelle an einem Ort');
    expect(file.constants).toContainEqual({ ref: 'plans.standard.price', value: '17' });
  });

  it("offers {{brand.education}} with the brand the file's language prints, when site.yaml names one per language", async () => {
    const siteFile = path.join(content, 'site.yaml');
    const before = await readFile(siteFile, 'utf8');
    try {
      await writeFile(siteFile, before.replace('  education: KI-Zentrale Bildung\n', '  education: { de: KI-Zentrale Bildung, en: KI-Zentrale Education }\n'));
      expect((await open('pages/home/en.yaml')).constants).toContainEqual({ ref: 'brand.education', value: 'KI-Zentrale Education' });
      expect((await open('pages/home/de.yaml')).constants).toContainEqual({ ref: 'brand.education', value: 'KI-Zentrale Bildung' });
    } finally {
      await writeFile(siteFile, before);
    }
  });

  it('refuses a price that breaks a savings claim, marking the claim’s percent, and writes nothing', async () => {
    const before = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const file = await open('site.yaml');
    file.data.constants.plans.standard.price = 19.9;
    for (const action of ['preview', 'save']) {
      const answer = await editorCall('POST', action, { path: 'site.yaml', version: file.version, data: file.data });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            file: 'site.yaml',
            path: 'constants.savings.vsThree.percent',
            message: "savings claim 'vsThree' says up to 75 % but the constants give 70.3 %",
          }),
        ]),
      );
    }
    expect(unsavedEdits.size).toBe(0);
    expect(await readFile(path.join(content, 'site.yaml'), 'utf8')).toBe(before);
    // With the claim corrected in the same edit, the price is taken.
    file.data.constants.savings.vsThree.percent = 70;
    const fixed = await editorCall('POST', 'preview', { path: 'site.yaml', version: file.version, data: file.data });
    expect(fixed.status).toBe(200);
    await editorCall('POST', 'discard', { path: 'site.yaml' });
  });

  it('refuses an invalid value with the loader’s message and writes nothing', async () => {
    const before = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const file = await open('site.yaml');
    file.data.constants.plans.standard.price = -5;
    for (const action of ['preview', 'save']) {
      const answer = await editorCall('POST', action, { path: 'site.yaml', version: file.version, data: file.data });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ file: 'site.yaml', path: 'constants.plans.standard.price', line: 38, message: 'Too small: expected number to be >=0' }),
      ]);
      expect(answer.body.errors[0].text).toContain('expected: >= 0\n  found:    the number -5');
    }
    expect(unsavedEdits.size).toBe(0);
    expect(await readFile(path.join(content, 'site.yaml'), 'utf8')).toBe(before);
  });

  it('keeps a valid edit as an unsaved edit the dev build loads, then saves it as a one-line change', async () => {
    const relative = 'pages/home/en.yaml';
    const before = await readFile(path.join(content, relative), 'utf8');
    const file = await open(relative);
    file.data.sections[0].title = 'All AI models in one place';
    const changesBefore = changes;
    const previewed = await editorCall('POST', 'preview', { path: relative, version: file.version, data: file.data });
    expect(previewed.status).toBe(200);
    expect(changes).toBe(changesBefore + 1);
    expect(await readFile(path.join(content, relative), 'utf8')).toBe(before);
    const model = await loadContent(content, {}, undefined, unsavedEdits);
    expect(model.ok && (model.value.pages.find((p) => p.source === relative)!.page.sections[0] as { title: string }).title).toBe('All AI models in one place');

    const saved = await editorCall('POST', 'save', { path: relative, version: file.version, data: file.data });
    expect(saved.status).toBe(200);
    expect(unsavedEdits.size).toBe(0);
    const after = await readFile(path.join(content, relative), 'utf8');
    const changed = before.split('\n').flatMap((line, i) => (line === after.split('\n')[i] ? [] : [`${line} → ${after.split('\n')[i]}`]));
    const old = (parse(before, { customTags: CUSTOM_TAGS }) as { sections: { title: string }[] }).sections[0]!.title;
    expect(changed).toEqual([`    title: ${old} →     title: All AI models in one place`]);

    // A new list item's keys follow the schema's order, whatever order the form filled them in; it is written on one
    // line like its siblings (flow style).
    const again = await open(relative);
    again.data.sections[1].items.push({ text: 'Ein Zugang für alle.', title: 'Einfach' });
    expect((await editorCall('POST', 'save', { path: relative, version: again.version, data: again.data })).status).toBe(200);
    expect(await readFile(path.join(content, relative), 'utf8')).toContain('      - { title: Einfach, text: Ein Zugang für alle. }\n');

    // The file changed since it was opened (here: by this save): an edit against the old version is refused.
    const stale = await editorCall('POST', 'save', { path: relative, version: file.version, data: file.data });
    expect(stale.status).toBe(409);
  });
});

describe('routing', () => {
  it('answers an action asked with the wrong method 405, a POST without a JSON object 400, an unknown action 404', async () => {
    expect((await editorCall('GET', 'save')).status).toBe(405);
    expect((await editorCall('DELETE', 'files')).status).toBe(405);
    expect((await editorCall('GET', 'constructor')).status).toBe(405);
    expect((await editorCall('POST', 'save')).status).toBe(400);
    const unknown = await editorCall('POST', 'rename', { path: 'site.yaml' });
    expect(unknown).toEqual({ status: 404, body: { error: 'unknown editor action' } });
    // A GET action asked by POST is no write: unknown among the POST actions.
    expect((await editorCall('POST', 'files', {})).status).toBe(404);
    expect((await editorCall('POST', 'toString', {})).status).toBe(404);
    expect((await editorCall('GET', 'files')).status).toBe(200);
  });
});

describe('keys the site’s figures depend on', () => {
  it('marks plans, the offer and referenced constants as locked, and refuses a save that removes one', async () => {
    const view = (await open('site.yaml')) as unknown as { version: string; data: any; locked: string[][] };
    const locked = view.locked.map((p) => p.join('.'));
    expect(locked).toEqual(expect.arrayContaining(['constants.plans.standard', 'constants.plans.smart', 'constants.savings.vsTwo', 'company.legalName']));
    // A constant no text reads and no offer entry names may go.
    expect(locked).not.toContain('constants.chatbot.booking');
    const before = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const { standard: _removed, ...plans } = view.data.constants.plans;
    const renamed = { ...view.data, constants: { ...view.data.constants, plans: { ...plans, basic: view.data.constants.plans.standard } } };
    const answer = await editorCall('POST', 'save', { path: 'site.yaml', version: view.version, data: renamed });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatch(/^constants\.plans\.standard is used by other content/);
    expect(await readFile(path.join(content, 'site.yaml'), 'utf8')).toBe(before);
  });
});

describe('a new page from a template', () => {
  it('copies a page under a new address as a draft, and refuses a taken family or a bad slug', async () => {
    const answer = await editorCall('POST', 'create-page', { template: 'pages/home/de.yaml', locale: 'de', slug: 'webinar' });
    expect(answer.status).toBe(200);
    expect(answer.body.path).toBe('pages/webinar/de.yaml');
    const text = await readFile(path.join(content, 'pages/webinar/de.yaml'), 'utf8');
    const data = parse(text, { customTags: CUSTOM_TAGS }) as Record<string, any>;
    expect(data.slug).toBe('webinar');
    expect(data.draft).toBe(true);
    const home = parse(await readFile(path.join(content, 'pages/home/de.yaml'), 'utf8'), { customTags: CUSTOM_TAGS }) as Record<string, any>;
    expect(data.sections).toEqual(home.sections);
    // Not the template's own words: its header comment, search title, description, keywords and translation rule.
    expect(text.startsWith('# yaml-language-server: $schema=../../.schema/page.json\n')).toBe(true);
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toHaveLength(1);
    expect(data.translation).toBeUndefined();
    expect(data.meta).toMatchObject({ title: STOCK_TEXT.de.newPageTitle, description: STOCK_TEXT.de.newPageDescription });
    expect(data.meta.keywords).toBeUndefined();
    const loaded = await loadContent(content, {});
    expect(loaded.ok).toBe(true);
    // Until the author writes them, `site check` refuses the stock title and description, at their lines.
    const parsed = parseYaml('pages/webinar/de.yaml', text).source;
    const filler = parsed ? checkEditorFiller([parsed]) : [];
    expect(filler.map((f) => f.location?.path)).toEqual(['meta.title', 'meta.description']);
    const english = await editorCall('POST', 'create-page', { template: 'pages/home/de.yaml', locale: 'en', slug: 'webinar-en' });
    expect(english.status).toBe(200);
    const englishData = parse(await readFile(path.join(content, 'pages/webinar-en/en.yaml'), 'utf8'), { customTags: CUSTOM_TAGS }) as Record<string, any>;
    expect(englishData.meta.title).toBe(STOCK_TEXT.en.newPageTitle);
    await rm(path.join(content, 'pages/webinar-en'), { recursive: true });
    const view = await open('pages/webinar/de.yaml');
    expect(view.data.slug).toBe('webinar');

    const again = await editorCall('POST', 'create-page', { template: 'pages/home/de.yaml', locale: 'de', slug: 'webinar' });
    // The editor words this refusal in the author's language by its reason.
    expect([again.status, again.body.reason]).toEqual([409, 'exists']);
    expect((await editorCall('POST', 'create-page', { template: 'pages/home/de.yaml', locale: 'de', slug: '../x' })).status).toBe(400);
    expect((await editorCall('POST', 'create-page', { template: '../secret.yaml', locale: 'de', slug: 'y' })).status).toBe(403);
    await rm(path.join(content, 'pages/webinar'), { recursive: true });
  });
});

describe('images', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
  it('stores an image with its alt text under a free name in content/images/, by its bytes’ type', async () => {
    const first = await editorCall('POST', 'upload-image', { name: 'Team im Büro.PNG', alt: 'Das Team', data: png.toString('base64') });
    expect(first.status).toBe(200);
    expect(first.body.src).toBe('images/team-im-buero.png');
    expect(await readFile(path.join(content, first.body.src))).toEqual(png);
    const second = await editorCall('POST', 'upload-image', { name: 'Team im Büro.png', alt: 'Das Team', data: png.toString('base64') });
    expect(second.body.src).toBe('images/team-im-buero-2.png');
  });

  it('refuses an image without alt text, of another type, or too large, and stores nothing', async () => {
    const data = png.toString('base64');
    expect((await editorCall('POST', 'upload-image', { name: 'a.png', alt: ' ', data })).status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    expect((await editorCall('POST', 'upload-image', { name: 'a.png', alt: 'x', data: svg })).status).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(2.6 * 1024 * 1024)]).toString('base64');
    expect((await editorCall('POST', 'upload-image', { name: 'big.png', alt: 'x', data: big })).status).toBe(413);
    const noToken = await call('POST', '/__site/editor/api/upload-image', { body: { name: 'a.png', alt: 'x', data }, headers: { origin: origin() } });
    expect(noToken.status).toBe(403);
    expect((await readdir(path.join(content, 'images'))).filter((f) => !f.startsWith('team-im-buero'))).toEqual([]);
  });
});

describe('claims the figures carry', () => {
  it('refuses a price change that makes a savings claim untrue, at the price, naming the claim and the pages that print it', async () => {
    const before = await readFile(path.join(content, 'site.yaml'), 'utf8');
    const file = await open('site.yaml');
    file.data.constants.plans.plus.price = 22;
    for (const action of ['preview', 'save']) {
      const answer = await editorCall('POST', action, { path: 'site.yaml', version: file.version, data: file.data });
      expect(answer.status).toBe(422);
      // The claim's percent is marked too (the other half of the fix); here, the errors at the changed price.
      const atPrice = answer.body.errors.filter((e: any) => e.path === 'constants.plans.plus.price');
      expect(atPrice.map((e: any) => [e.path, e.message])).toEqual([
        ['constants.plans.plus.price', "savings claim 'vsTwo' says 53 % but the constants would give 51.1 % (expected 51)"],
        ['constants.plans.plus.price', "savings claim 'plusVsThree' says 68 % but the constants would give 67.1 % (expected 67)"],
      ]);
      const text = '{{savings.vsTwo.percent}} % günstiger als zwei Einzel-Abos.';
      expect(atPrice[0].claim).toEqual({
        key: 'vsTwo',
        claimed: 53,
        computed: 51.1,
        upTo: false,
        expected: '51',
        uses: expect.arrayContaining([
          { file: 'pages/home/de.yaml', route: '/', text },
          { file: 'pages/home/en.yaml', route: '/en', text },
        ]),
      });
    }
    expect(unsavedEdits.size).toBe(0);
    expect(await readFile(path.join(content, 'site.yaml'), 'utf8')).toBe(before);

    // With the claims brought in line with the new price, the same edit previews.
    file.data.constants.savings.vsTwo.percent = 51;
    file.data.constants.savings.plusVsThree.percent = 67;
    const fixed = await editorCall('POST', 'preview', { path: 'site.yaml', version: file.version, data: file.data });
    expect(fixed.status).toBe(200);
    expect((await editorCall('POST', 'discard', { path: 'site.yaml' })).status).toBe(200);
    expect(unsavedEdits.size).toBe(0);
  });

  it('marks a percent the author sets beyond what the prices give once, at the percent, with the pages that print it', async () => {
    const file = await open('site.yaml');
    file.data.constants.savings.vsTwo.percent = 60;
    const answer = await editorCall('POST', 'preview', { path: 'site.yaml', version: file.version, data: file.data });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: any) => [e.path, e.message])).toEqual([
      ['constants.savings.vsTwo.percent', "savings claim 'vsTwo' says 60 % but the constants would give 53.3 % (expected 53)"],
    ]);
    expect(answer.body.errors[0].claim.uses.length).toBeGreaterThan(0);
    expect(unsavedEdits.size).toBe(0);
  });
});
