import type { TranslationView } from '../translation-view.ts';

/** What the editor's API answers (editor-api.ts). */
export interface FilesView {
  site: boolean;
  locales: string[];
  /** Each locale's name in itself (`fr` → "Français"), from its UI strings; the code where the file names none. */
  languageNames: Record<string, string>;
  pages: Record<string, string[]>;
  /** Each page's heading by family and locale (its first section's title, else its meta title), where it has one. */
  pageTitles: Record<string, Record<string, string>>;
  /** Each page's address by family and locale ("/leitfaden", "/en/faq"), from its slug. */
  pageRoutes: Record<string, Record<string, string>>;
  /** Files with unsaved edits (shown in the preview, not written). */
  unsaved: string[];
}

export interface FileView {
  path: string;
  kind: 'site' | 'locale' | 'page';
  locale?: string;
  defaultLocale: string;
  version: string;
  schema: object;
  data: unknown;
  /** Whether the data shown is an unsaved edit of the file. */
  unsaved: boolean;
  source?: unknown;
  sourcePath?: string;
  /** A translation file's status against its German source (`site translations`' code). */
  translation?: TranslationView;
  constants: { ref: string; value: string }[];
  /** Document paths of entries other content depends on (plan keys, referenced constants): never removed or renamed. */
  locked: (string | number)[][];
  route: string;
}

// Declared once, where the server makes it; a type-only export, so nothing of the server enters the bundle.
export type { EditorError } from '../editor-api.ts';
export type { TranslationMark, TranslationView } from '../translation-view.ts';

const meta = document.querySelector<HTMLMetaElement>('meta[name="site-editor-token"]');

/**
 * A call to the editor's API with this session's token. `refusals` returns 4xx answers (content errors) as
 * values; otherwise they throw.
 */
export async function api<T>(method: 'GET' | 'POST', action: string, body?: unknown, refusals = false): Promise<T> {
  const response = await fetch(`/__site/editor/api/${action}`, {
    method,
    headers: { [meta?.dataset.header ?? 'x-site-editor-token']: meta?.content ?? '', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok && !(refusals && response.status >= 400 && response.status < 500)) throw new Error(answer.error ?? response.statusText);
  return answer;
}
