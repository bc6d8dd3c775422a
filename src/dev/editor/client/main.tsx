import { StrictMode, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MESSAGES, uiLanguageFor, type Messages, type UiLanguage } from '../messages/index.ts';
import { api, type EditorError, type FileView, type FilesView, type TranslationMark, type TranslationView } from './api.ts';
import { ContentForm, type FormContext } from './form.tsx';
import {
  fieldId,
  fieldLabel,
  errorMessage,
  friendlyError,
  itemTitle,
  LINK_TARGETS_ID,
  linkTargets,
  pageLabel,
  pageMatches,
  pageOtherTitle,
  setAt,
  slugOf,
  withValues,
  type Constant,
  type DocPath,
  type FormKind,
  type JsonSchema,
} from './form-model.ts';
import { findingNote, FindingsPanel, useSiteFindings } from './findings.tsx';
import { parsePath } from './paths.ts';
import { patchPreview } from './preview-patch.ts';
import { PublishBar } from './publish.tsx';
import './editor.css';

/** Above a translation's form: what is left to do, and the strings whose section the translation lacks. */
function TranslationSummary({ view, m }: { view: TranslationView; m: Messages }) {
  const count = (state: TranslationMark['state']) => view.marks.filter((x) => x.state === state).length;
  const parts = [
    count('missing') && m.translationParts.missing(count('missing')),
    count('untranslated') && m.translationParts.untranslated(count('untranslated')),
    view.tracked && count('stale') && m.translationParts.stale(count('stale')),
  ].filter(Boolean);
  const unplaced = view.marks.filter((x) => !x.path);
  const markText = (mark: TranslationMark) => (mark.state === 'stale' && mark.recorded === false ? m.marks.staleNever : m.marks[mark.state]);
  return (
    <section className="translation-summary" aria-label={m.translationRegion}>
      <p>
        {parts.length ? m.translationSummary(parts.join(', ')) : m.translationDone}
        {view.tracked ? (
          <>
            {' '}
            {m.translationAccept} <code>site translations --accept {view.accept}</code>.
          </>
        ) : (
          m.translationUntracked
        )}
      </p>
      {unplaced.length ? (
        <ul>
          {unplaced.map((x) => (
            <li key={x.key}>
              <code>{x.key}</code> {markText(x)} {m.translationSource(x.source)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** From this many page files on, the page list has a picker (words, language): fewer are read at a glance. */
const PICKER_FROM = 6;

/** The page list's picker: the words typed and the language chosen ('' all), and the pages of `locale` they leave. */
function usePagePicker(files: FilesView, language: UiLanguage, constants: readonly Constant[]) {
  const [query, setQuery] = useState('');
  const [only, setOnly] = useState('');
  const total = Object.values(files.pages).reduce((sum, langs) => sum + langs.length, 0);
  const shown = (locale: string) =>
    Object.entries(files.pages)
      .filter(([, langs]) => langs.includes(locale) && (!only || only === locale))
      .map(([family]) => family)
      .filter((family) => {
        const titles = files.pageTitles[family];
        const texts = [titles?.[locale], titles?.[language], files.pageRoutes[family]?.[locale], family];
        return pageMatches(
          query,
          texts.map((t) => t && withValues(t, constants)),
        );
      });
  const count = files.locales.reduce((sum, locale) => sum + shown(locale).length, 0);
  return { query, setQuery, only, setOnly, total, shown, count, active: total >= PICKER_FROM };
}

/** The site's languages as `<option>`s, each named in its own language. */
function LanguageOptions({ files }: { files: FilesView }) {
  return files.locales.map((l) => (
    <option key={l} value={l} lang={l}>
      {files.languageNames[l] ?? l}
    </option>
  ));
}

function PagePicker({ files, picker, m }: { files: FilesView; picker: ReturnType<typeof usePagePicker>; m: Messages }) {
  return (
    <div className="page-picker" role="search">
      <label>
        {m.pageFilter}
        <input type="search" value={picker.query} placeholder={m.pageFilterPlaceholder} onChange={(e) => picker.setQuery(e.target.value)} />
      </label>
      <label>
        {m.pageFilterLanguage}
        <select value={picker.only} onChange={(e) => picker.setOnly(e.target.value)}>
          <option value="">{m.allLanguages}</option>
          <LanguageOptions files={files} />
        </select>
      </label>
      <p className="page-count" aria-live="polite">
        {picker.count ? m.pagesShown(picker.count, picker.total) : m.noPageMatches}
      </p>
    </div>
  );
}

/** A section of the open page, from the page list: opened and scrolled to the top. */
function jump(id: string) {
  const target = document.getElementById(id);
  if (target instanceof HTMLDetailsElement) target.open = true;
  target?.scrollIntoView({ block: 'start' });
}

/** A page in the list by its own heading; the heading the author knows (the editor's language, else the default one) under it. */
function PageName({
  files,
  family,
  locale,
  language,
  constants,
}: {
  files: FilesView;
  family: string;
  locale: string;
  language: UiLanguage;
  constants: readonly Constant[];
}) {
  const titles = files.pageTitles[family];
  const other = pageOtherTitle(titles, locale, [language, files.locales[0] ?? locale], constants);
  return (
    <>
      <span lang={locale}>{pageLabel(titles, [locale], files.pageRoutes[family]?.[locale], family, constants)}</span>
      {other ? ' ' : null}
      {other ? (
        <span className="page-other" lang={titles?.[language] !== undefined ? language : files.locales[0]}>
          {other}
        </span>
      ) : null}
    </>
  );
}

function Nav({
  files,
  current,
  sections,
  open,
  created,
  m,
  language,
  constants,
}: {
  files: FilesView;
  current?: string;
  sections: { id: string; label: string }[];
  open: (path: string) => void;
  created: (path: string, page: NewPageNamed) => void;
  m: Messages;
  language: UiLanguage;
  constants: readonly Constant[];
}) {
  const picker = usePagePicker(files, language, constants);
  const link = (path: string, label: ReactNode) => (
    <a href={`#${path}`} aria-current={path === current ? 'page' : undefined} onClick={(e) => (e.preventDefault(), open(path))}>
      {label}
      {files.unsaved.includes(path) ? (
        <span className="unsaved-mark" title={m.unsavedMark}>
          {' '}
          •
        </span>
      ) : null}
    </a>
  );
  return (
    <nav aria-label={m.contentFiles} className="nav">
      <NewPage files={files} m={m} constants={constants} created={created} />
      {picker.active ? <PagePicker files={files} picker={picker} m={m} /> : null}
      {files.locales.map((locale) => {
        const families = picker.shown(locale);
        return families.length ? (
          <section key={locale}>
            <h2 lang={locale}>{files.languageNames[locale] ?? locale}</h2>
            <ul>
              {families.map((family) => {
                const path = `pages/${family}/${locale}.yaml`;
                return (
                  <li key={family}>
                    {link(path, <PageName files={files} family={family} locale={locale} language={language} constants={constants} />)}
                    {path === current && sections.length ? (
                      <ol className="sections">
                        {sections.map((s) => (
                          <li key={s.id}>
                            <a href={`#${s.id}`} onClick={(e) => (e.preventDefault(), jump(s.id))}>
                              {s.label}
                            </a>
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null;
      })}
      <section>
        <h2>{m.shared}</h2>
        <ul>
          {files.locales.map((locale) => (
            <li key={locale}>{link(`locales/${locale}.yaml`, m.uiStrings(files.languageNames[locale] ?? locale))}</li>
          ))}
          {files.site ? <li>{link('site.yaml', m.settings)}</li> : null}
        </ul>
      </section>
    </nav>
  );
}

/** "New page": a copy of a page of the chosen language under a new address, opened at once (a draft until published). */
/** A page just created: its heading and address, for the confirmation the status line reads out. */
type NewPageNamed = { title: string; route: string };

function NewPage({
  files,
  m,
  constants,
  created,
}: {
  files: FilesView;
  m: Messages;
  constants: readonly Constant[];
  created(path: string, page: NewPageNamed): void;
}) {
  const [locale, setLocale] = useState(files.locales[0] ?? 'de');
  const families = Object.entries(files.pages)
    .filter(([, langs]) => langs.includes(locale))
    .map(([family]) => family);
  const [family, setFamily] = useState('');
  const [slug, setSlug] = useState('');
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);
  const template = families.includes(family) ? family : (families[0] ?? '');
  const create = async () => {
    setCreating(true);
    const answer = await api<{ ok?: boolean; path?: string; route?: string; error?: string; reason?: string; errors?: EditorError[] }>(
      'POST',
      'create-page',
      { template: `pages/${template}/${locale}.yaml`, locale, slug },
      true,
    ).finally(() => setCreating(false));
    if (answer.ok && answer.path) {
      setSlug('');
      setError('');
      const title = files.pageTitles[template]?.[locale];
      created(answer.path, { title: title ? withValues(title, constants) : slug, route: answer.route ?? `/${slug}` });
    } else if (answer.reason === 'exists') setError(m.newPageExists(slug));
    else setError(answer.errors?.length ? answer.errors.map((e) => friendlyError(e.message, m)).join(' ') : (answer.error ?? m.refused));
  };
  return (
    <details className="new-page">
      <summary>{m.newPage}</summary>
      <label>
        {m.newPageLanguage}
        <select value={locale} onChange={(e) => setLocale(e.target.value)}>
          <LanguageOptions files={files} />
        </select>
      </label>
      <label>
        {m.newPageTemplate}
        <select value={template} onChange={(e) => setFamily(e.target.value)}>
          {families.map((f) => {
            return (
              <option key={f} value={f}>
                {pageLabel(files.pageTitles[f], [locale], files.pageRoutes[f]?.[locale], f, constants)}
              </option>
            );
          })}
        </select>
      </label>
      <label>
        {m.newPageSlug}
        <input type="text" value={slug} aria-describedby="new-page-help" onChange={(e) => setSlug(slugOf(e.target.value))} />
      </label>
      <p className="field-description" id="new-page-help">
        {m.newPageSlugHelp}
      </p>
      <button type="button" disabled={creating || !/^[a-z0-9][a-z0-9-]*$/.test(slug) || !template} onClick={() => void create()}>
        {m.newPageCreate}
      </button>
      {error ? (
        <p className="error-detail" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}

/** The list every link field offers (`list` of its input): the site's pages, then the open page's sections by anchor. */
function LinkTargets({ files, data, m, constants, intl }: { files: FilesView; data: unknown; m: Messages; constants: readonly Constant[]; intl: string }) {
  const sections = (data as { sections?: unknown[] } | undefined)?.sections;
  const anchors = Array.isArray(sections)
    ? sections.map((s) => ({ id: (s as { id?: unknown } | null)?.id, label: itemTitle(s, '?', m, constants, intl) }))
    : [];
  return (
    <datalist id={LINK_TARGETS_ID}>
      {linkTargets(files.pageTitles, files.pageRoutes, anchors, constants).map((target) => (
        <option key={target.value} value={target.value} label={target.label} />
      ))}
    </datalist>
  );
}

function sectionsOf(data: unknown, m: Messages, constants: readonly Constant[], intl: string): { id: string; label: string }[] {
  const sections = (data as { sections?: unknown[] } | null)?.sections;
  if (!Array.isArray(sections)) return [];
  return sections.map((s, i) => ({ id: fieldId(['sections', i]), label: `${i + 1}. ${itemTitle(s, '?', m, constants, intl)}` }));
}

/** How long typing must pause before the translation status is asked for again. */
const TRANSLATION_REFRESH_MS = 400;
const LANGUAGE_KEY = 'site-editor-language';

type Status = { kind: 'idle' | 'working' | 'saved' | 'error'; text: string; page?: NewPageNamed };

/**
 * A state update that keeps the current value when the new one is equal: every keystroke's answer would
 * otherwise render the whole form again, on the main thread the same-origin preview frame shares.
 */
const unlessEqual =
  <T,>(next: T) =>
  (current: T): T =>
    JSON.stringify(current) === JSON.stringify(next) ? current : next;

/** The editor's UI language: the author's choice (kept in this browser), else the browser's languages. */
function useUiLanguage(): [UiLanguage, (language: UiLanguage) => void] {
  const [language, setLanguage] = useState<UiLanguage>(() => {
    const chosen = localStorage.getItem(LANGUAGE_KEY);
    return chosen && Object.hasOwn(MESSAGES, chosen) ? (chosen as UiLanguage) : uiLanguageFor(navigator.languages);
  });
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${MESSAGES[language].title} · site dev`;
  }, [language]);
  return [
    language,
    (next) => {
      localStorage.setItem(LANGUAGE_KEY, next);
      setLanguage(next);
    },
  ];
}

/** The errors above the form: in the author's words, `site check`'s wording (file, line) folded away for developers. */
/** An error as the list shows it: the field it is about, by its label, then the message in the author's words ("Frage: Bitte ausfüllen."). */
function errorLine(path: DocPath, message: string, m: Messages, kind?: FormKind): string {
  const at = path.findLastIndex((part) => typeof part === 'string');
  const key = path[at];
  const text = friendlyError(message, m);
  return typeof key === 'string' ? `${fieldLabel(key, undefined, m, path.slice(0, at + 1), kind)}: ${text}` : text;
}

function ErrorList({ errors, m, kind, constants, intl }: { errors: EditorError[]; m: Messages; kind?: FormKind; constants?: Constant[]; intl?: string }) {
  return (
    <div className="errors" role="alert">
      <h2>{m.errorsHeading(errors.length)}</h2>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>
            {e.path ? (
              <a href={`#${fieldId(parsePath(e.path))}`}>{errorLine(parsePath(e.path), errorMessage(e, m, constants, intl), m, kind)}</a>
            ) : (
              friendlyError(errorMessage(e, m, constants, intl), m)
            )}
            <details>
              <summary>{m.technical}</summary>
              <pre>{e.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function useFileState() {
  const [files, setFiles] = useState<FilesView>();
  const [file, setFile] = useState<FileView>();
  const [data, setData] = useState<unknown>();
  const [errors, setErrors] = useState<EditorError[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });
  const [translation, setTranslation] = useState<TranslationView>();
  return { files, setFiles, file, setFile, data, setData, errors, setErrors, status, setStatus, translation, setTranslation };
}

// eslint-disable-next-line max-lines-per-function -- The editor page wires its file state, preview and save to one layout; the state itself lives in hooks (useFileState, useUiLanguage).
function Editor() {
  const [language, setLanguage] = useUiLanguage();
  const m = MESSAGES[language];
  const { files, setFiles, file, setFile, data, setData, errors, setErrors, status, setStatus, translation, setTranslation } = useFileState();
  // The translation status is asked for again once typing pauses: it is no part of what a keystroke waits for.
  const statusTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshTranslation = useCallback(
    (path: string) => {
      clearTimeout(statusTimer.current);
      statusTimer.current = setTimeout(() => {
        void api<{ translation?: TranslationView }>('GET', `translation?path=${encodeURIComponent(path)}`).then((answer) => {
          if (decodeURIComponent(location.hash.slice(1)) === path) setTranslation(unlessEqual(answer.translation));
        });
      }, TRANSLATION_REFRESH_MS);
    },
    [setTranslation],
  );
  const frame = useRef<HTMLIFrameElement>(null);
  // The server's HTML of the page the frame shows (as loaded or last patched): a patch applies what changed from it.
  const shownPage = useRef<{ route: string; html: string }>(undefined);
  const loadingPage = useRef<{ route: string; html: string }>(undefined);
  const frameLoaded = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const route = routeOf(doc);
    shownPage.current = undefined;
    // A preview answered while the frame was loading: the frame may have fetched the page before it.
    const waiting = loadingPage.current;
    loadingPage.current = undefined;
    if (waiting?.route === route && patchPreview(doc, undefined, waiting.html)) {
      shownPage.current = waiting;
      return;
    }
    void fetch(doc.location.href, { cache: 'no-store' })
      .then((response) => response.text())
      .then((html) => (shownPage.current ??= { route, html }));
  };
  const version = useRef('');
  const dataRef = useRef<unknown>(undefined);
  // One preview request at a time; the newest value waits and goes next (older ones are never sent).
  const inFlight = useRef(false);
  const pending = useRef<{ path: string; data: unknown } | undefined>(undefined);

  const refreshFiles = useCallback(async () => setFiles(await api<FilesView>('GET', 'files')), [setFiles]);
  useEffect(() => void refreshFiles(), [refreshFiles]);

  const open = useCallback(
    async (path: string) => {
      const view = await api<FileView>('GET', `file?path=${encodeURIComponent(path)}`);
      version.current = view.version;
      pending.current = undefined;
      clearTimeout(statusTimer.current);
      setFile(view);
      setTranslation(view.translation);
      dataRef.current = view.data;
      setData(view.data);
      setErrors([]);
      setStatus({ kind: 'idle', text: view.unsaved ? 'unsaved-before' : '' });
      history.replaceState(null, '', `#${path}`);
      // Another file starts at its top (a page created from a template opened mid-form, where the last one was left).
      document.querySelector('main.form')?.scrollTo({ top: 0 });
    },
    [setFile, setTranslation, setData, setErrors, setStatus],
  );
  useEffect(() => {
    const start = decodeURIComponent(location.hash.slice(1)) || 'pages/home/de.yaml';
    void open(start).catch(() => open('site.yaml'));
  }, [open]);

  const preview = useCallback(
    async (path: string, value: unknown) => {
      if (inFlight.current) {
        pending.current = { path, data: value };
        return;
      }
      inFlight.current = true;
      try {
        const answer = await api<{ ok?: boolean; error?: string; errors?: EditorError[]; unsaved?: string[]; route?: string; html?: string }>(
          'POST',
          'preview',
          { path, version: version.current, data: value },
          true,
        );
        // The page comes with the answer: patched into the frame before anything else of this answer is drawn.
        if (answer.route && answer.html) showInFrame(frame.current, { shown: shownPage, loading: loadingPage }, answer.route, answer.html);
        setErrors(unlessEqual(answer.errors ?? []));
        // Content errors are told by the list and under each field; the status line says what did not happen, in the author's words.
        const refusal = answer.errors?.length ? 'errors-preview' : (answer.error ?? 'refused');
        setStatus(unlessEqual<Status>(answer.ok ? { kind: 'idle', text: 'previewing' } : { kind: 'error', text: refusal }));
        const unsaved = answer.unsaved;
        if (unsaved) setFiles((current) => (current && unsaved.join('\n') !== current.unsaved.join('\n') ? { ...current, unsaved } : current));
        if (answer.ok) refreshTranslation(path);
      } finally {
        inFlight.current = false;
        const next = pending.current;
        pending.current = undefined;
        if (next && next.path === path) void preview(next.path, next.data);
      }
    },
    [refreshTranslation, setErrors, setStatus, setFiles],
  );

  /** Saves the form's data; `done` says what the save did when it was the publishing bar's (the status line tells it). */
  const save = async (done?: 'published' | 'unpublished'): Promise<boolean> => {
    if (!file) return false;
    setStatus({ kind: 'working', text: 'saving' });
    const answer = await api<{ ok?: boolean; version?: string; written?: boolean; error?: string; errors?: EditorError[] }>(
      'POST',
      'save',
      { path: file.path, version: version.current, data: dataRef.current },
      true,
    );
    setErrors(answer.errors ?? []);
    if (answer.ok && answer.version) {
      version.current = answer.version;
      setStatus(done ? { kind: 'saved', text: done, page: { title: '', route: file.route } } : { kind: 'saved', text: answer.written ? 'saved' : 'nothing' });
      refreshTranslation(file.path);
      void refreshFiles();
      return true;
    }
    setStatus({ kind: 'error', text: answer.errors?.length ? 'errors-save' : (answer.error ?? 'not-saved') });
    return false;
  };

  /** The publishing bar's action: the page's draft switch set and saved at once; a refused save leaves the switch as it was. */
  const publish = async (draft: boolean) => {
    const setDraft = (value: unknown) => {
      dataRef.current = setAt(dataRef.current, ['draft'], value);
      setData(dataRef.current);
    };
    const before = (dataRef.current as { draft?: unknown } | undefined)?.draft;
    setDraft(draft ? true : undefined);
    if (!(await save(draft ? 'unpublished' : 'published'))) setDraft(before);
  };

  const discard = async () => {
    if (!file) return;
    await api('POST', 'discard', { path: file.path });
    await open(file.path);
    void refreshFiles();
  };

  const findings = useSiteFindings();
  const openFile = useCallback((path: string) => void refreshFiles().then(() => open(path)), [refreshFiles, open]);
  // The check reads the saved file: its findings are placed under fields only while the form shows that file as saved.
  const editedHere = !!file && !!files?.unsaved.includes(file.path);
  const context = useMemo<FormContext | undefined>(() => {
    if (!file) return undefined;
    const byField = new Map<string, string[]>();
    const note = (path: string | undefined, message: string) => {
      const id = fieldId(path ? parsePath(path) : []);
      byField.set(id, [...(byField.get(id) ?? []), message]);
    };
    for (const e of errors.filter((x) => x.file === file.path)) note(e.path, errorMessage(e, m, file.constants, file.locale ?? file.defaultLocale));
    if (!editedHere) for (const f of findings?.items ?? []) if (f.file === file.path && f.path) note(f.path, findingNote(f, m));
    return {
      m,
      english: language === 'en',
      kind: file.kind,
      intl: file.locale ?? file.defaultLocale,
      constants: file.constants,
      source: file.source,
      sourceLocale: file.defaultLocale,
      marks: new Map((translation?.marks ?? []).flatMap((x) => (x.path ? [[JSON.stringify(x.path), x]] : []))),
      errors: byField,
      locked: new Set(file.locked.map((p) => JSON.stringify(p))),
      change: (path, value) => {
        const next = setAt(dataRef.current, path, value);
        dataRef.current = next;
        setData(next);
        void preview(file.path, next);
      },
    };
  }, [file, errors, findings, editedHere, translation, m, language, preview, setData]);
  if (!files) return <p className="loading">{m.loading}</p>;
  return (
    <div className="layout">
      <header className="bar">
        <h1>{m.title}</h1>
        <p className="file">{file?.path}</p>
        <div className="actions">
          <button type="button" onClick={() => void save()} disabled={!file || status.kind === 'working'}>
            {m.save}
          </button>
          <button type="button" className="secondary" onClick={() => void discard()} disabled={!file}>
            {m.discard}
          </button>
        </div>
        <p className={`status status-${status.kind}`} role="status" aria-live="polite">
          {statusText(status, m, file?.path ?? '')}
        </p>
        <label className="ui-language">
          {m.uiLanguage}{' '}
          <select value={language} onChange={(e) => setLanguage(e.target.value as UiLanguage)}>
            {Object.entries(MESSAGES).map(([code, messages]) => (
              <option key={code} value={code}>
                {messages.language}
              </option>
            ))}
          </select>
        </label>
      </header>
      <Nav
        files={files}
        current={file?.path}
        sections={file?.kind === 'page' ? sectionsOf(data, m, file.constants, file.locale ?? file.defaultLocale) : []}
        open={(p) => void refreshFiles().then(() => open(p))}
        created={(p, named) =>
          void refreshFiles()
            .then(() => open(p))
            .then(() => setStatus({ kind: 'saved', text: 'created', page: named }))
        }
        m={m}
        language={language}
        constants={file?.constants ?? []}
      />
      <main className="form">
        {file?.kind === 'page' ? (
          <PublishBar data={data} m={m} language={language} busy={status.kind === 'working'} publish={(draft) => void publish(draft)} />
        ) : null}
        <FindingsPanel overlay={findings} file={file?.path} kind={file?.kind} m={m} openFile={openFile} />
        {errors.length ? (
          <ErrorList errors={errors} m={m} kind={file?.kind} constants={file?.constants} intl={file ? (file.locale ?? file.defaultLocale) : undefined} />
        ) : null}
        {translation ? <TranslationSummary view={translation} m={m} /> : null}
        {file && context ? <ContentForm key={`${file.path}:${file.version}`} schema={file.schema as JsonSchema} data={data} context={context} /> : null}
        <LinkTargets
          files={files}
          data={file?.kind === 'page' ? data : undefined}
          m={m}
          constants={file?.constants ?? []}
          intl={file?.locale ?? file?.defaultLocale ?? 'en'}
        />
      </main>
      <aside className="preview" aria-label={m.previewRegion}>
        {/* Named so the pages' findings overlay stays out of this frame (overlay-client.ts): the form shows them. */}
        {file ? <iframe ref={frame} name="site-editor-preview" title={m.preview(file.route)} src={file.route} onLoad={frameLoaded} /> : null}
      </aside>
    </div>
  );
}

const routeOf = (doc: Document) => decodeURI(doc.location.pathname).replace(/\/(index\.html)?$/, '') || '/';

/**
 * A previewed page's HTML into the frame when it shows that page (the author may have followed a link in it):
 * patched in place, or loaded again when the page's scripts or islands changed; a frame still loading gets it
 * once it has loaded.
 */
type PageRef = { current?: { route: string; html: string } };

function showInFrame(frame: HTMLIFrameElement | null, pages: { shown: PageRef; loading: PageRef }, route: string, html: string): void {
  const doc = frame?.contentDocument;
  if (!frame || !doc) return;
  if (doc.readyState === 'loading') {
    // Applied once the frame has loaded (frameLoaded): no event follows a page the preview already rendered.
    pages.loading.current = { route, html };
    return;
  }
  if (routeOf(doc) !== route) return;
  const from = pages.shown.current?.route === route ? pages.shown.current.html : undefined;
  if (patchPreview(doc, from, html)) pages.shown.current = { route, html };
  else doc.location.reload();
}

/** The status line in the author's language (the state keeps a code, so a language switch rewrites it). */
function statusText(status: Status, m: Messages, path: string): string {
  const known: Record<string, string> = {
    '': '',
    'unsaved-before': m.unsavedBefore,
    previewing: m.previewing,
    saving: m.saving,
    saved: m.saved(path),
    nothing: m.nothingToSave,
    'not-saved': m.notSaved,
    refused: m.refused,
    'errors-preview': m.notPreviewedErrors,
    'errors-save': m.notSavedErrors,
    created: status.page ? m.newPageCreated(status.page.title, status.page.route) : '',
    published: m.published(status.page?.route ?? path),
    unpublished: m.unpublished(status.page?.route ?? path),
  };
  return known[status.text] ?? status.text;
}

const root = document.getElementById('editor');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Editor />
    </StrictMode>,
  );
