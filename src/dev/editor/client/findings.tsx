import { memo, useEffect, useState } from 'react';
import type { FindingView } from '../../finding-view.ts';
import type { Overlay } from '../../live-reload.ts';
import type { Messages } from '../messages/index.ts';
import { fieldId, fieldLabel, friendlyError, type FormKind } from './form-model.ts';
import { parsePath } from './paths.ts';

/** The dev server's live-reload stream (live-reload.ts EVENTS_PATH; not imported, so the pages' script stays out of the bundle). */
const EVENTS_PATH = '/__site/events';

/**
 * What `site check` finds after each rebuild, as the dev server's pages get it (the stream's `hello` and `overlay`
 * events). In /admin the editor shows them itself, in the author's language: the preview frame shows no overlay.
 */
export function useSiteFindings(): Overlay | undefined {
  const [overlay, setOverlay] = useState<Overlay>();
  useEffect(() => {
    const events = new EventSource(EVENTS_PATH);
    const take = (event: MessageEvent<string>) => {
      const next = (JSON.parse(event.data) as { overlay?: Overlay | null }).overlay ?? undefined;
      setOverlay((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    events.addEventListener('hello', take);
    events.addEventListener('overlay', take);
    return () => events.close();
  }, []);
  return overlay;
}

/**
 * A finding's message as the author reads it: the editor's own words where it has them (its stock text left in a
 * page, a loader message `friendlyError` knows), else `site check`'s English text, marked as such (`english`).
 */
export function findingMessage(finding: Pick<FindingView, 'code' | 'message'>, m: Messages): { text: string; english: boolean } {
  if (finding.code === 'editor-filler') {
    const value = /^'([\s\S]*)' is the editor's stock text/.exec(finding.message)?.[1];
    if (value !== undefined) return { text: m.findings.filler(value), english: false };
  }
  const friendly = friendlyError(finding.message, m);
  return friendly === finding.message ? { text: finding.message, english: true } : { text: friendly, english: false };
}

/** A finding as a line under its field: its severity, then the message (framed as the check's English where it is). */
export function findingNote(finding: FindingView, m: Messages): string {
  const { text, english } = findingMessage(finding, m);
  const framing = english && m.findings.checkSays ? `${m.findings.checkSays} ` : '';
  return `${m.findings.severity[finding.severity]}: ${framing}${text}`;
}

/** The counts in the panel's bar: "2 Fehler, 1 Warnung". */
function counts(items: readonly FindingView[], m: Messages): string {
  const n = (severity: FindingView['severity']) => items.filter((f) => f.severity === severity).length;
  return [n('error') && m.findings.count.error(n('error')), n('warning') && m.findings.count.warning(n('warning'))].filter(Boolean).join(', ');
}

/** Files the editor opens: pages, UI strings and the settings. */
const editable = (file: string) => /^(pages\/[^/]+\/[^/]+\.yaml|locales\/[^/]+\.yaml|site\.yaml)$/.test(file);

/** Opens the `<details>` around a field, brings it into view and puts the cursor in it. */
export function reveal(id: string): void {
  const target = document.getElementById(id);
  for (let parent = target?.parentElement; parent; parent = parent.parentElement) if (parent instanceof HTMLDetailsElement) parent.open = true;
  target?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}

interface FindingsProps {
  overlay: Overlay | undefined;
  /** The open file (content-relative): its findings come first, each with a link to its field. */
  file: string | undefined;
  kind: FormKind | undefined;
  m: Messages;
  openFile(file: string): void;
}

/**
 * Above the form, a bar that opens the list of what `site check` finds ("Prüfung der Website: 1 Fehler · 1 in dieser
 * Datei"): every word the editor's, the check's own English text marked as such; the open file's findings first,
 * each leading to its field, another file's opening that file. Drawn again only when the findings or the open file
 * change, not at each keystroke of the form beside it.
 */
export const FindingsPanel = memo(function FindingsPanel({ overlay, file, kind, m, openFile }: FindingsProps) {
  if (!overlay?.items.length) return null;
  const here = overlay.items.filter((f) => f.file !== undefined && f.file === file);
  const items = [...here, ...overlay.items.filter((f) => !here.includes(f))];
  const errors = items.some((f) => f.severity === 'error');
  return (
    <details className={`findings${errors ? ' findings-error' : ''}`} aria-label={m.findings.region}>
      <summary>
        {m.findings.summary(counts(items, m))}
        {here.length ? ` · ${m.findings.inFile(here.length)}` : ''}
      </summary>
      <p className="findings-intro">{overlay.blocking ? m.findings.blocking : m.findings.intro}</p>
      <ol>
        {items.map((finding, i) => (
          <FindingItem key={i} finding={finding} here={here.includes(finding)} kind={kind} m={m} openFile={openFile} />
        ))}
      </ol>
    </details>
  );
});

function FindingItem({
  finding,
  here,
  kind,
  m,
  openFile,
}: {
  finding: FindingView;
  here: boolean;
  kind?: FormKind;
  m: Messages;
  openFile(file: string): void;
}) {
  const { text, english } = findingMessage(finding, m);
  const path = finding.path ? parsePath(finding.path) : undefined;
  const at = finding.open && finding.file ? m.findings.at(finding.file, finding.open.line, finding.open.column) : finding.file;
  const key = path?.findLast((part): part is string => typeof part === 'string');
  const details: [string, string | undefined][] = [
    [m.findings.route, finding.route],
    [m.findings.element, finding.element],
    [m.findings.expected, finding.expected],
    [m.findings.found, finding.found],
  ];
  return (
    <li className={`finding finding-${finding.severity}`}>
      <p className="finding-line">
        <span className="finding-severity">{m.findings.severity[finding.severity]}</span> <code className="finding-code">{finding.code}</code>{' '}
        {at ? <span className="finding-where">{at}</span> : null}
      </p>
      <p className="finding-message">
        {english && m.findings.checkSays ? <span className="finding-framing">{m.findings.checkSays} </span> : null}
        <span lang={english ? 'en' : undefined}>{text}</span>
      </p>
      {details.some(([, value]) => value) ? (
        <dl>
          {details.map(([label, value]) =>
            value ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : null}
      {finding.hint && english ? (
        <p className="finding-hint">
          {m.findings.hint} <span lang="en">{finding.hint}</span>
        </p>
      ) : null}
      {here && path && key ? (
        <a
          href={`#${fieldId(path)}`}
          onClick={(e) => {
            e.preventDefault();
            reveal(fieldId(path));
          }}
        >
          {m.findings.toField(fieldLabel(key, undefined, m, path.slice(0, path.lastIndexOf(key) + 1), kind))}
        </a>
      ) : !here && finding.file && editable(finding.file) ? (
        <button type="button" className="secondary" onClick={() => openFile(finding.file as string)}>
          {m.findings.openFile(finding.file)}
        </button>
      ) : null}
    </li>
  );
}
