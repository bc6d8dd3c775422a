import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { parse } from 'yaml';
import { brandFor } from '../../content/brand.ts';
import { loadContent, type ContentEnv } from '../../content/load.ts';
import type { SiteModel } from '../../content/model.ts';
import { ContentMemo } from '../../content/memo.ts';
import { SAVINGS_RULE } from '../../check/claims.ts';
import { routeFor } from '../../content/routes.ts';
import { CUSTOM_TAGS } from '../../content/yaml-source.ts';
import { formatError, type SiteError } from '../../errors/site-error.ts';
import { schemaContextOf } from '../../output/write-schemas.ts';
import type { LocaleCode } from '../../schema/site.ts';
import { BASE_SECURITY_HEADERS, NON_PAGE_CSP } from '../../server/security-headers.ts';
import type { RouteHandler } from '../../server/server.ts';
import { contentFiles, editablePath, kindOf } from './content-files.ts';
import { bundleEditor, type EditorBundle } from './editor-bundle.ts';
import { refusal, TOKEN_HEADER } from './editor-guard.ts';
import { adminPage } from './admin-page.ts';
import { uiLanguageFor } from './messages/index.ts';
import { formSchema, inSchemaOrder, type EditableKind } from './form-schema.ts';
import { translationView, type TranslationView } from './translation-view.ts';
import { IMAGE_LIMIT_BYTES, imageBaseName, imageTypeOf } from './image-upload.ts';
import { lockedKeys } from './locked-keys.ts';
import { savingsMarks, type BrokenClaim } from './claim-guard.ts';
import { editYaml } from './yaml-edit.ts';
import { STOCK_TEXT } from '../../content/stock-text.ts';

export const ADMIN_PATH = '/admin';
export const EDITOR_PREFIX = '/__site/editor/';
const API = `${EDITOR_PREFIX}api/`;
const BODY_LIMIT = 4 * 1024 * 1024;
/** /admin's policy: its own script and styles, images from this server or uploaded (data:), the preview frame. */
export const ADMIN_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface ContentEditorOptions {
  contentDir: string;
  env: ContentEnv;
  /** Unsaved edits by content-relative file: the dev build renders them (the preview), nothing writes them. */
  unsavedEdits: Map<string, string>;
  /** The dev build's memo: an unsaved edit validated here is not parsed and validated again by the rebuild it starts. */
  memo?: ContentMemo;
  /**
   * The unsaved edits changed: rebuild, so open pages (the preview) show them. `loaded`: the content with the
   * unsaved edits as they are now, when the editor just loaded it (the rebuild need not load it again).
   */
  changed(loaded?: SiteModel): void;
  /**
   * Renders the page of a content-relative page file from `loaded` at once (the dev build's previewPage): the preview
   * answer carries its HTML, which the editor patches into its frame without waiting for the rebuild.
   */
  previewPage?(loaded: SiteModel, relative: string): Promise<{ route: string; html: Uint8Array } | undefined>;
}

/** One error as the form shows it: the loader's message and, for the text view, `site check`'s wording. */
export interface EditorError {
  file: string;
  path?: string;
  line?: number;
  column?: number;
  message: string;
  text: string;
  /** A savings claim the edit would make untrue (site.yaml): the form words it in the author's language. */
  claim?: BrokenClaim;
}

type Json = Record<string, unknown>;

function send(res: ServerResponse, status: number, body: Json): true {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    ...BASE_SECURITY_HEADERS,
    'content-security-policy': NON_PAGE_CSP,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': bytes.byteLength,
  });
  res.end(bytes);
  return true;
}

async function readJson(req: IncomingMessage): Promise<Json | undefined> {
  if (!req.headers['content-type']?.startsWith('application/json')) return undefined;
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The template's text without the comment at its top, which describes the template page ("# FAQ page (route /faq …"),
 * not the new one; the schema line editors read (`# yaml-language-server: …`) stays.
 */
function withoutHeaderComment(text: string): string {
  const lines = text.split('\n');
  const body = lines.findIndex((line) => !line.startsWith('#'));
  const head = lines.slice(0, Math.max(0, body)).filter((line) => line.startsWith('# yaml-language-server:'));
  return [...head, ...lines.slice(Math.max(0, body))].join('\n');
}

/**
 * A new page's data from its template's: the sections kept to be rewritten, the search title and description the
 * stock text for them (`site check`'s editor-filler fails it, so two pages never ship one title and description), no
 * keywords, no translation rule of the template's, and `draft` until the author publishes it.
 */
function newPageData(template: Json, slug: string, locale: string): Json {
  const stock = STOCK_TEXT[locale as keyof typeof STOCK_TEXT] ?? STOCK_TEXT.en;
  const data: Json = { ...template, slug, draft: true };
  delete data.translation;
  const meta: Json = { ...(template.meta as Json | undefined), title: stock.newPageTitle, description: stock.newPageDescription };
  delete meta.keywords;
  data.meta = meta;
  return data;
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const readYaml = (text: string) => parse(text, { customTags: CUSTOM_TAGS }) as unknown;

/** Every constant a text may reference, flattened: `plans.standard.price` → 17 (the picker's entries). */
function constantsOf(site: unknown, fileLocale?: string): { ref: string; value: string }[] {
  const data = (site ?? {}) as Record<string, unknown>;
  // A per-language education brand is offered as {{brand.education}} with the value the file's pages print.
  const locale = fileLocale ?? (typeof data.defaultLocale === 'string' ? data.defaultLocale : 'de');
  const scope = { ...(data.constants as object), brand: brandFor(data.brand, locale), company: data.company, email: data.email, baseUrl: data.baseUrl };
  const out: { ref: string; value: string }[] = [];
  const walk = (value: unknown, ref: string) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [key, item] of Object.entries(value)) walk(item, ref ? `${ref}.${key}` : key);
    else if (value !== undefined && ref) out.push({ ref, value: Array.isArray(value) ? value.join(', ') : String(value) });
  };
  walk(scope, '');
  return out;
}

/**
 * The content editor of `site dev`: GET /admin is the editing page (forms generated from the content schemas,
 * a live preview beside them), /__site/editor/api/* reads files, previews unsaved edits and saves them. Never part of
 * `site build` or `site serve`: only `startDev` adds this handler. Every request passes `refusal` (this
 * machine, loopback Host, and for the API the session token and same Origin).
 */
// eslint-disable-next-line max-lines-per-function -- One closure holds what every route shares (session token, content root, memo, form schemas); its routes as a table are the editor owner's open #37 item 2.
export function contentEditor(options: ContentEditorOptions): { handler: RouteHandler; token: string } {
  const token = randomBytes(24).toString('base64url');
  const root = path.resolve(options.contentDir);
  const memo = options.memo ?? new ContentMemo();
  let bundle: Promise<EditorBundle> | undefined;
  // Form schemas by kind and the plan and savings keys they enumerate (site.yaml's), made once for each.
  const schemas = new Map<string, ReturnType<typeof formSchema>>();
  async function schemaOf(kind: EditableKind) {
    const ctx = await schemaContextOf(root);
    const context = ctx.ok ? ctx.value : { plans: [], savings: [] };
    const key = `${kind}\u0000${JSON.stringify(context)}`;
    let schema = schemas.get(key);
    if (!schema) schemas.set(key, (schema = formSchema(kind, context)));
    return schema;
  }

  const errorView = (error: SiteError): EditorError => ({
    file: error.location?.file ?? '',
    path: error.location?.path,
    line: error.location?.line,
    column: error.location?.column,
    message: error.message,
    text: formatError(error),
  });

  /**
   * The content with `text` standing in for `relative`, or the loader's errors, leaving out those the content
   * had without it.
   */
  async function loadWith(relative: string, text: string): Promise<{ model?: SiteModel; errors: EditorError[] }> {
    const unsaved = new Map(options.unsavedEdits).set(relative, text);
    const result = await loadContent(root, options.env, memo, unsaved);
    if (result.ok) return { model: result.value, errors: [] };
    const without = new Map(options.unsavedEdits);
    without.delete(relative);
    const before = await loadContent(root, options.env, memo, without);
    const known = new Set(before.ok ? [] : before.errors.map((e) => formatError(e)));
    return { errors: result.errors.filter((e) => !known.has(formatError(e))).map(errorView) };
  }

  /**
   * The savings claims an edit of site.yaml makes untrue (`site check`'s claim-savings), as errors at the claim's
   * percent and at the figure changed: refused like a content error, before the preview and the save, not found by
   * the check afterwards.
   */
  async function claimErrors(relative: string, model: SiteModel): Promise<EditorError[]> {
    if (kindOf(relative) !== 'site') return [];
    const saved = async () => {
      const without = new Map(options.unsavedEdits);
      without.delete(relative);
      const loaded = await loadContent(root, options.env, memo, without);
      return loaded.ok ? loaded.value.site : undefined;
    };
    return (await savingsMarks(root, model, options.unsavedEdits, saved)).map(({ path: at, message, claim }) => {
      const where = claim?.uses.map((use) => use.route ?? use.file).join(', ');
      const text = claim ? `${relative} (${at}): ${message}${where ? `; printed on ${where}` : ''}` : `${relative} savings-claim: ${message} (${SAVINGS_RULE})`;
      return { file: relative, path: at, message, text, ...(claim ? { claim } : {}) };
    });
  }

  /** The file's text with the form's value written into it, or why not. */
  async function edited(
    body: Json,
  ): Promise<{ relative: string; file: string; disk: string; text: string } | { status: number; error: string; errors?: EditorError[] }> {
    const file = await editablePath(root, body.path);
    if (!file) return { status: 403, error: 'only content files (site.yaml, locales/*.yaml, pages/*/*.yaml) inside the content folder can be edited' };
    const relative = body.path as string;
    const disk = await readFile(file, 'utf8');
    if (body.version !== versionOf(disk))
      return { status: 409, error: `${relative} changed on disk since it was opened: reload it (your unsaved edits of it are lost)` };
    const missing = kindOf(relative) === 'site' ? await removedLockedKey(disk, body.data) : undefined;
    if (missing) return { status: 422, error: `${missing} is used by other content (a reference, a plan or the offer): it cannot be removed or renamed here` };
    const schema = await schemaOf(kindOf(relative));
    const result = editYaml(disk, inSchemaOrder(body.data, schema));
    if (!result.ok) return { status: 422, error: result.message };
    return { relative, file, disk, text: result.text };
  }

  /** The first entry of site.yaml other content depends on that `next` no longer has (removed or renamed). */
  async function removedLockedKey(disk: string, next: unknown): Promise<string | undefined> {
    const at = (keys: (string | number)[]) =>
      keys.reduce<unknown>((value, key) => (value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Json)[key] : undefined), next);
    const locked = await lockedKeys(root, readYaml(disk));
    return locked.find((keys) => at(keys) === undefined)?.join('.');
  }

  /** A file's text as the editor shows it: its unsaved edit, else the file. */
  const shownText = async (relative: string, file: string) => options.unsavedEdits.get(relative) ?? (await readFile(file, 'utf8'));

  /** site.yaml as written (no validation: the editor opens files whatever state the content is in). */
  async function siteSettings(): Promise<{ site: { defaultLocale?: string; constants?: unknown } | null; defaultLocale: string }> {
    const site = readYaml(await readFile(path.join(root, 'site.yaml'), 'utf8').catch(() => '')) as { defaultLocale?: string; constants?: unknown } | null;
    return { site, defaultLocale: site?.defaultLocale ?? 'de' };
  }

  /**
   * The translation view of a file in another language than the default (`text`: as the editor shows it): its
   * status against the German file.
   */
  async function translationOf(
    relative: string,
    text: string,
    defaultLocale: string,
  ): Promise<{ sourcePath?: string; source?: unknown; translation?: TranslationView }> {
    const locale = kindOf(relative) === 'site' ? undefined : path.posix.basename(relative, '.yaml');
    const sourcePath = locale && locale !== defaultLocale ? relative.replace(/[^/]+\.yaml$/, `${defaultLocale}.yaml`) : undefined;
    const sourceFile = sourcePath && (await editablePath(root, sourcePath));
    if (!locale || !sourcePath || !sourceFile) return {};
    const sourceText = await shownText(sourcePath, sourceFile);
    const translation = await translationView(root, { relative, text }, { relative: sourcePath, text: sourceText }, locale, defaultLocale);
    return { sourcePath, source: readYaml(sourceText), ...(translation ? { translation } : {}) };
  }

  /** GET files: every editable file, and which have unsaved edits. */
  async function listFiles(res: ServerResponse): Promise<true> {
    return send(res, 200, { ...(await contentFiles(root)), unsaved: [...options.unsavedEdits.keys()] });
  }

  /** GET file?path=: a file's form (schema and data), its route, constants and translation view. */
  async function openFile(res: ServerResponse, url: URL): Promise<true> {
    const relative = url.searchParams.get('path');
    const file = await editablePath(root, relative);
    if (!file || !relative) return send(res, 403, { error: 'only content files inside the content folder can be opened' });
    const disk = await readFile(file, 'utf8');
    const { site, defaultLocale } = await siteSettings();
    const kind = kindOf(relative);
    const locale = kind === 'site' ? undefined : path.posix.basename(relative, '.yaml');
    const unsaved = options.unsavedEdits.get(relative);
    const data = readYaml(unsaved ?? disk) as { slug?: string } | null;
    const route =
      kind === 'page'
        ? routeFor(locale as LocaleCode, data?.slug ?? '', defaultLocale as LocaleCode)
        : routeFor((locale ?? defaultLocale) as LocaleCode, '', defaultLocale as LocaleCode);
    return send(res, 200, {
      path: relative,
      kind,
      locale,
      defaultLocale,
      version: versionOf(disk),
      schema: await schemaOf(kind),
      data,
      unsaved: unsaved !== undefined,
      // The translation view: the same file in the default language beside each string, and its status.
      ...(await translationOf(relative, unsaved ?? disk, defaultLocale)),
      constants: constantsOf(site, locale),
      locked: kind === 'site' ? await lockedKeys(root, data) : [],
      route,
    });
  }

  /** GET translation?path=: the translation view of a file as the editor shows it. */
  async function translation(res: ServerResponse, url: URL): Promise<true> {
    const relative = url.searchParams.get('path');
    const file = await editablePath(root, relative);
    if (!relative || !file) return send(res, 403, { error: 'only content files inside the content folder can be opened' });
    return send(res, 200, await translationOf(relative, await shownText(relative, file), (await siteSettings()).defaultLocale));
  }

  /** POST discard: drops a file's unsaved edit. */
  async function discard(res: ServerResponse, body: Json): Promise<true> {
    const file = await editablePath(root, body.path);
    if (!file) return send(res, 403, { error: 'only content files inside the content folder' });
    if (options.unsavedEdits.delete(body.path as string)) options.changed();
    return send(res, 200, { ok: true });
  }

  /** POST preview, save: the form's value written into the file's text, shown as an unsaved edit or written to disk. */
  async function change(res: ServerResponse, body: Json, action: 'preview' | 'save'): Promise<true> {
    const edit = await edited(body);
    if ('error' in edit) return send(res, edit.status, { error: edit.error });
    const loaded = await loadWith(edit.relative, edit.text);
    const { model } = loaded;
    const errors = loaded.errors.length || !model ? loaded.errors : await claimErrors(edit.relative, model);
    // Invalid input is shown, never previewed as if it were fine, and never written.
    if (errors.length)
      return send(res, 422, {
        error: `${errors.length} content error${errors.length === 1 ? '' : 's'}: nothing was ${action === 'save' ? 'saved' : 'previewed'}`,
        errors,
      });
    if (action === 'preview') {
      const before = options.unsavedEdits.get(edit.relative);
      if (edit.text === edit.disk) options.unsavedEdits.delete(edit.relative);
      else options.unsavedEdits.set(edit.relative, edit.text);
      if (before === options.unsavedEdits.get(edit.relative) || !model) return send(res, 200, { ok: true, unsaved: [...options.unsavedEdits.keys()] });
      // The edited page alone, rendered now and sent with the answer; the rebuild (other pages, site files) comes after it.
      const shown = kindOf(edit.relative) === 'page' ? await options.previewPage?.(model, edit.relative) : undefined;
      send(res, 200, {
        ok: true,
        unsaved: [...options.unsavedEdits.keys()],
        ...(shown ? { route: shown.route, html: Buffer.from(shown.html).toString('utf8') } : {}),
      });
      options.changed(model);
      return true;
    }
    // Written beside and renamed over, so the watcher and a reader never see half a file.
    const temporary = path.join(path.dirname(edit.file), `.${path.basename(edit.file)}.${randomBytes(4).toString('hex')}.tmp`);
    if (edit.text !== edit.disk) {
      await writeFile(temporary, edit.text);
      await rename(temporary, edit.file);
    }
    options.unsavedEdits.delete(edit.relative);
    options.changed();
    return send(res, 200, { ok: true, version: versionOf(edit.text), written: edit.text !== edit.disk });
  }

  /**
   * POST create-page {template, locale, slug}: a new page family `slug` in `locale`, a copy of the template page
   * (any page file) with its slug set, as a draft (shown by `site dev`, left out of `site build` until the author
   * removes `draft`), its search title and description the stock text `site check` refuses until they are written.
   * Refused when the family exists, the names are not slugs, or the new content does not load.
   */
  async function createPage(res: ServerResponse, body: Json): Promise<true> {
    const { template, locale, slug } = body;
    const templateFile = await editablePath(root, template);
    if (!templateFile || kindOf(String(template)) !== 'page') return send(res, 403, { error: 'the template must be a page file of the content folder' });
    if (typeof slug !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(slug) || typeof locale !== 'string' || !(await contentFiles(root)).locales.includes(locale))
      return send(res, 400, { error: 'a slug (lower-case letters, digits, dashes) and one of the site’s languages are expected' });
    const relative = `pages/${slug}/${locale}.yaml`;
    const family = path.join(root, 'pages', slug);
    if ((await contentFiles(root)).pages[slug])
      return send(res, 409, { error: `a page family ${slug} exists already: pick another address`, reason: 'exists' });
    const text = withoutHeaderComment(await readFile(templateFile, 'utf8'));
    const result = editYaml(text, newPageData(readYaml(text) as Json, slug, locale));
    if (!result.ok) return send(res, 422, { error: result.message });
    await mkdir(family, { recursive: true });
    await writeFile(path.join(family, `${locale}.yaml`), result.text, { flag: 'wx' });
    const loaded = await loadContent(root, options.env, memo, options.unsavedEdits);
    const errors = loaded.ok ? [] : loaded.errors.filter((e) => e.location?.file?.endsWith(relative)).map(errorView);
    if (errors.length) {
      await rm(family, { recursive: true, force: true });
      return send(res, 422, { error: `the new page would not load: nothing was created`, errors });
    }
    options.changed();
    const { defaultLocale } = await siteSettings();
    return send(res, 200, { ok: true, path: relative, route: routeFor(locale as LocaleCode, slug, defaultLocale as LocaleCode) });
  }

  /**
   * POST upload-image {name, alt, data (base64)}: stores an image in content/images/ under a free name made from
   * `name`, and answers its `src`. The alt text must be written first (the form then puts both in the field);
   * only PNG, JPEG, WebP and AVIF (by their bytes) up to IMAGE_LIMIT_BYTES.
   */
  async function uploadImage(res: ServerResponse, body: Json): Promise<true> {
    if (typeof body.alt !== 'string' || !body.alt.trim()) return send(res, 400, { error: 'describe the image (alt text) before uploading it' });
    if (typeof body.data !== 'string') return send(res, 400, { error: 'the image is expected as base64 in data' });
    const bytes = Buffer.from(body.data, 'base64');
    if (bytes.byteLength > IMAGE_LIMIT_BYTES) return send(res, 413, { error: `the image is larger than ${IMAGE_LIMIT_BYTES / 1024 / 1024} MB` });
    const type = imageTypeOf(bytes);
    if (!type) return send(res, 415, { error: 'only PNG, JPEG, WebP or AVIF images' });
    const folder = path.join(root, 'images');
    await mkdir(folder, { recursive: true });
    const taken = new Set(await readdir(folder));
    const base = imageBaseName(body.name);
    let name = `${base}.${type}`;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}.${type}`;
    await writeFile(path.join(folder, name), bytes, { flag: 'wx' });
    return send(res, 200, { ok: true, src: `images/${name}` });
  }

  /** The API's actions (`/__site/editor/api/<action>`): GET ones read, POST ones take a JSON body. */
  const reads: Record<string, (res: ServerResponse, url: URL) => Promise<true>> = { files: listFiles, file: openFile, translation };
  const writes: Record<string, (res: ServerResponse, body: Json) => Promise<true>> = {
    discard,
    'create-page': createPage,
    'upload-image': uploadImage,
    preview: (res, body) => change(res, body, 'preview'),
    save: (res, body) => change(res, body, 'save'),
  };

  async function api(req: IncomingMessage, res: ServerResponse, action: string): Promise<true> {
    const read = Object.hasOwn(reads, action) ? reads[action] : undefined;
    if (req.method === 'GET' && read) return read(res, new URL(req.url ?? '/', 'http://localhost'));
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    // The body is read before the action is looked up: a POST without a JSON object is a 400 whatever it asks for.
    const body = await readJson(req);
    if (!body) return send(res, 400, { error: 'a JSON object body is expected' });
    const write = Object.hasOwn(writes, action) ? writes[action] : undefined;
    return write ? write(res, body) : send(res, 404, { error: 'unknown editor action' });
  }

  const handler: RouteHandler = async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const isAdmin = pathname === ADMIN_PATH || pathname === `${ADMIN_PATH}/`;
    if (!isAdmin && !pathname.startsWith(EDITOR_PREFIX)) return false;
    const isApi = pathname.startsWith(API);
    const refused = refusal(req, token, isApi);
    if (refused) return send(res, 403, { error: refused });
    if (isApi) return api(req, res, pathname.slice(API.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    if (isAdmin) {
      bundle ??= bundleEditor();
      const html = Buffer.from(adminPage(token, uiLanguageFor(String(req.headers['accept-language'] ?? '').split(','))));
      res.writeHead(200, {
        ...BASE_SECURITY_HEADERS,
        // As strict as the site's own pages: the editor runs no generated code and sets no style attributes
        // (tests/browser/dev-editor.spec.ts fails on any violation). The preview is a same-origin frame.
        'content-security-policy': ADMIN_CSP,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': html.byteLength,
      });
      res.end(req.method === 'HEAD' ? undefined : html);
      return true;
    }
    bundle ??= bundleEditor();
    const name = pathname.slice(EDITOR_PREFIX.length);
    const bytes = (await bundle).get(name);
    if (!bytes) return send(res, 404, { error: 'not found' });
    res.writeHead(200, {
      'content-type': name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': bytes.byteLength,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return true;
  };
  return { handler, token };
}

export { TOKEN_HEADER };
