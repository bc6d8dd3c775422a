import Form, { getDefaultRegistry } from '@rjsf/core';
import type { FieldTemplateProps, RJSFSchema, WidgetProps, ErrorSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { api, type EditorError, type FileView, type FilesView, type TranslationMark, type TranslationView } from './api.ts';
import { errorSchemaOf, valueAt } from './paths.ts';
import './editor.css';

/** What the form's templates and widgets read besides their own props. */
interface EditorContext {
  /** The same file in the default language (the translation view), or undefined. */
  source?: unknown;
  sourceLocale?: string;
  constants: FileView['constants'];
  /** The translation status's marks by the field's document path (JSON). */
  marks: ReadonlyMap<string, TranslationMark>;
}

const MARK_TEXT: Record<TranslationMark['state'], string> = {
  stale: 'Stale: the German source changed since this translation was accepted',
  missing: 'Missing: this string is not translated yet',
  untranslated: 'Untranslated: still the German text',
};

function markText(mark: TranslationMark): string {
  return mark.state === 'stale' && mark.recorded === false
    ? 'Stale: this translation was never accepted as translated from the German source'
    : MARK_TEXT[mark.state];
}

/** Above a translation's form: what is left to do, and the strings whose section the translation lacks. */
function TranslationSummary({ view }: { view: TranslationView }) {
  const count = (state: TranslationMark['state']) => view.marks.filter((m) => m.state === state).length;
  const parts = [
    count('missing') && `${count('missing')} missing`,
    count('untranslated') && `${count('untranslated')} untranslated`,
    view.tracked && count('stale') && `${count('stale')} stale`,
  ].filter(Boolean);
  const unplaced = view.marks.filter((m) => !m.path);
  return (
    <section className="translation-summary" aria-label="Translation status">
      <p>
        {parts.length ? `Translation: ${parts.join(', ')}.` : 'Translation: up to date with the German source.'}
        {view.tracked ? (
          <>
            {' '}
            Once a stale string is updated, record it with <code>site translations --accept {view.accept}</code>.
          </>
        ) : (
          ' Staleness is not tracked (no translations.lock.yaml).'
        )}
      </p>
      {unplaced.length ? (
        <ul>
          {unplaced.map((m) => (
            <li key={m.key}>
              <code>{m.key}</code> {markText(m)} (German: {m.source})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const defaults = getDefaultRegistry();
const DefaultFieldTemplate = defaults.templates.FieldTemplate;
const DefaultTextWidget = defaults.widgets.TextWidget!;

/** Every field as the library draws it, and under a translated string its source in the default language. */
function FieldTemplate(props: FieldTemplateProps) {
  const context = props.registry.formContext as EditorContext;
  const path = props.fieldPathId.path;
  const source = context.source === undefined || !path.length ? undefined : valueAt(context.source, path);
  const mark = context.marks.get(JSON.stringify(path));
  return (
    <>
      <DefaultFieldTemplate {...props} />
      {mark ? (
        <p className={`translation-mark mark-${mark.state}`} id={`${props.id}__translation`}>
          {markText(mark)}
        </p>
      ) : null}
      {typeof source === 'string' && source !== '' && typeof props.formData === 'string' && source !== props.formData ? (
        <p className="source" lang={context.sourceLocale}>
          <span className="source-label">{context.sourceLocale?.toUpperCase()}</span> {source}
        </p>
      ) : null}
    </>
  );
}

/**
 * A text field: a line, or a box for long text, and a picker that inserts a reference to a constant
 * (`{{plans.standard.price}}`) at the cursor, each entry showing the constant's current value.
 */
function TextWidget(props: WidgetProps) {
  // Numbers keep the library's number input; constants are referenced from text only.
  if (props.schema.type !== 'string' && props.schema.type !== undefined) return <DefaultTextWidget {...props} />;
  const context = props.registry.formContext as EditorContext;
  const value = typeof props.value === 'string' ? props.value : props.value === undefined ? '' : String(props.value);
  const long = value.length > 70 || value.includes('\n');
  const change = (text: string) => props.onChange(text === '' ? props.options.emptyValue : text);
  const common = {
    id: props.id,
    name: props.htmlName ?? props.id,
    value,
    required: props.required,
    disabled: props.disabled || props.readonly,
    'aria-describedby': `${props.id}__error ${props.id}__description ${props.id}__translation`,
    onBlur: () => props.onBlur(props.id, value),
    onFocus: () => props.onFocus(props.id, value),
  };
  const insert = (ref: string) => {
    const field = document.getElementById(props.id) as HTMLInputElement | HTMLTextAreaElement | null;
    const at = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? at;
    change(`${value.slice(0, at)}{{${ref}}}${value.slice(end)}`);
  };
  return (
    <div className="text-widget">
      {long ? (
        <textarea {...common} rows={Math.min(8, Math.ceil(value.length / 70) + 1)} onChange={(e) => change(e.target.value)} />
      ) : (
        <input type="text" {...common} onChange={(e) => change(e.target.value)} />
      )}
      {context.constants.length ? (
        <select
          className="constant-picker"
          aria-label={`Insert a constant into ${props.label || props.id}`}
          value=""
          onChange={(e) => e.target.value && insert(e.target.value)}
        >
          <option value="">{'{{…}}'}</option>
          {context.constants.map((c) => (
            <option key={c.ref} value={c.ref}>
              {c.ref} = {c.value}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

function Nav({
  files,
  current,
  sections,
  open,
}: {
  files: FilesView;
  current?: string;
  sections: { id: string; label: string }[];
  open: (path: string) => void;
}) {
  const locales = files.locales;
  const link = (path: string, label: ReactNode) => (
    <a href={`#${path}`} aria-current={path === current ? 'page' : undefined} onClick={(e) => (e.preventDefault(), open(path))}>
      {label}
      {files.unsaved.includes(path) ? (
        <span className="unsaved-mark" title="unsaved edits">
          {' '}
          •
        </span>
      ) : null}
    </a>
  );
  return (
    <nav aria-label="Content files" className="nav">
      {locales.map((locale) => (
        <section key={locale}>
          <h2>{locale}</h2>
          <ul>
            {Object.entries(files.pages)
              .filter(([, langs]) => langs.includes(locale))
              .map(([family]) => {
                const path = `pages/${family}/${locale}.yaml`;
                return (
                  <li key={family}>
                    {link(path, family)}
                    {path === current && sections.length ? (
                      <ol className="sections">
                        {sections.map((s) => (
                          <li key={s.id}>
                            <a href={`#${s.id}`} onClick={(e) => (e.preventDefault(), document.getElementById(s.id)?.scrollIntoView({ block: 'start' }))}>
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
      ))}
      <section>
        <h2>Shared</h2>
        <ul>
          {locales.map((locale) => (
            <li key={locale}>{link(`locales/${locale}.yaml`, `UI strings (${locale})`)}</li>
          ))}
          {files.site ? <li>{link('site.yaml', 'Constants and settings')}</li> : null}
        </ul>
      </section>
    </nav>
  );
}

function sectionsOf(data: unknown): { id: string; label: string }[] {
  const sections = (data as { sections?: { type?: string; title?: string }[] } | null)?.sections;
  if (!Array.isArray(sections)) return [];
  return sections.map((s, i) => ({ id: `root_sections_${i}`, label: `${i + 1}. ${s?.type ?? '?'}${s?.title ? `: ${s.title}` : ''}` }));
}

/** How long typing must pause before the translation status is asked for again. */
const TRANSLATION_REFRESH_MS = 400;

type Status = { kind: 'idle' | 'working' | 'saved' | 'error'; text: string };

/**
 * A state update that keeps the current value when the new one is equal: every keystroke's answer would
 * otherwise render the whole form again, on the main thread the same-origin preview frame shares.
 */
const unlessEqual =
  <T,>(next: T) =>
  (current: T): T =>
    JSON.stringify(current) === JSON.stringify(next) ? current : next;

function Editor() {
  const [files, setFiles] = useState<FilesView>();
  const [file, setFile] = useState<FileView>();
  const [data, setData] = useState<unknown>();
  const [errors, setErrors] = useState<EditorError[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'idle', text: '' });
  const [translation, setTranslation] = useState<TranslationView>();
  // The translation status is asked for again once typing pauses: it is no part of what a keystroke waits for.
  const statusTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshTranslation = useCallback((path: string) => {
    clearTimeout(statusTimer.current);
    statusTimer.current = setTimeout(() => {
      void api<{ translation?: TranslationView }>('GET', `translation?path=${encodeURIComponent(path)}`).then((answer) => {
        if (decodeURIComponent(location.hash.slice(1)) === path) setTranslation(unlessEqual(answer.translation));
      });
    }, TRANSLATION_REFRESH_MS);
  }, []);
  const version = useRef('');
  // One preview request at a time; the newest value waits and goes next (older ones are never sent).
  const inFlight = useRef(false);
  const pending = useRef<{ path: string; data: unknown } | undefined>(undefined);

  const refreshFiles = useCallback(async () => setFiles(await api<FilesView>('GET', 'files')), []);
  useEffect(() => void refreshFiles(), [refreshFiles]);

  const open = useCallback(async (path: string) => {
    const view = await api<FileView>('GET', `file?path=${encodeURIComponent(path)}`);
    version.current = view.version;
    pending.current = undefined;
    clearTimeout(statusTimer.current);
    setFile(view);
    setTranslation(view.translation);
    setData(view.data);
    setErrors([]);
    setStatus({ kind: 'idle', text: view.unsaved ? 'Unsaved edits from before (shown in the preview).' : '' });
    history.replaceState(null, '', `#${path}`);
  }, []);
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
        const answer = await api<{ ok?: boolean; error?: string; errors?: EditorError[]; unsaved?: string[] }>(
          'POST',
          'preview',
          { path, version: version.current, data: value },
          true,
        );
        setErrors(unlessEqual(answer.errors ?? []));
        setStatus(unlessEqual<Status>(answer.ok ? { kind: 'idle', text: 'Previewing unsaved edits.' } : { kind: 'error', text: answer.error ?? 'refused' }));
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
    [refreshTranslation],
  );

  const save = async () => {
    if (!file) return;
    setStatus({ kind: 'working', text: 'Saving…' });
    const answer = await api<{ ok?: boolean; version?: string; written?: boolean; error?: string; errors?: EditorError[] }>(
      'POST',
      'save',
      { path: file.path, version: version.current, data },
      true,
    );
    setErrors(answer.errors ?? []);
    if (answer.ok && answer.version) {
      version.current = answer.version;
      setStatus({ kind: 'saved', text: answer.written ? `Saved ${file.path}.` : 'Nothing to save: the file already says this.' });
      refreshTranslation(file.path);
      void refreshFiles();
    } else setStatus({ kind: 'error', text: answer.error ?? 'not saved' });
  };

  const discard = async () => {
    if (!file) return;
    await api('POST', 'discard', { path: file.path });
    await open(file.path);
    void refreshFiles();
  };

  const extraErrors = useMemo(() => errorSchemaOf(errors.filter((e) => e.file === file?.path)) as ErrorSchema, [errors, file]);
  const context = useMemo<EditorContext>(
    () => ({
      source: file?.source,
      sourceLocale: file?.defaultLocale,
      constants: file?.constants ?? [],
      marks: new Map((translation?.marks ?? []).flatMap((m) => (m.path ? [[JSON.stringify(m.path), m]] : []))),
    }),
    [file, translation],
  );
  if (!files) return <p className="loading">Loading…</p>;
  return (
    <div className="layout">
      <header className="bar">
        <h1>Content editor</h1>
        <p className="file">{file?.path}</p>
        <div className="actions">
          <button type="button" onClick={() => void save()} disabled={!file || status.kind === 'working'}>
            Save
          </button>
          <button type="button" className="secondary" onClick={() => void discard()} disabled={!file}>
            Discard edits
          </button>
        </div>
        <p className={`status status-${status.kind}`} role="status" aria-live="polite">
          {status.text}
        </p>
      </header>
      <Nav files={files} current={file?.path} sections={file?.kind === 'page' ? sectionsOf(data) : []} open={(p) => void open(p)} />
      <main className="form">
        {errors.length ? (
          <div className="errors" role="alert">
            <h2>{errors.length === 1 ? 'One content error' : `${errors.length} content errors`}: not saved</h2>
            <ul>
              {errors.map((e, i) => (
                <li key={i}>
                  <pre>{e.text}</pre>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {translation ? <TranslationSummary view={translation} /> : null}
        {file ? (
          <Form
            key={`${file.path}:${file.version}`}
            schema={file.schema as RJSFSchema}
            formData={data}
            validator={validator}
            noValidate
            showErrorList={false}
            extraErrors={extraErrors}
            formContext={context}
            templates={{ FieldTemplate }}
            widgets={{ TextWidget, TextareaWidget: TextWidget }}
            experimental_defaultFormStateBehavior={{ emptyObjectFields: 'populateRequiredDefaults', arrayMinItems: { populate: 'never' } }}
            uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
            onChange={(event) => {
              setData(event.formData);
              void preview(file.path, event.formData);
            }}
          />
        ) : null}
      </main>
      <aside className="preview" aria-label="Preview">
        {file ? <iframe title={`Preview of ${file.route}`} src={file.route} /> : null}
      </aside>
    </div>
  );
}

createRoot(document.getElementById('editor')!).render(
  <StrictMode>
    <Editor />
  </StrictMode>,
);
