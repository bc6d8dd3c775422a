import { countAll, countBySeverity, type Finding } from '../check/finding.ts';
import type { CheckRun } from '../check/run.ts';
import { contentPath, formatLocation, type SourceLocation } from '../errors/site-error.ts';

/**
 * What `site check --strict` cannot decide: the legal questions and contracts behind the content. A deploy
 * run says where that list is, whatever it found, so passing the check is never read as "ready to publish".
 */
export const GO_LIVE_CHECKLIST =
  'Before you go live, also work through the checklist no check can do (legal questions, contracts, figures a lawyer should confirm): docs/deploy/go-live.md.';

export const CHECK_FORMATS = ['text', 'json', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

interface Paint {
  red: (s: string) => string;
  yellow: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
  green: (s: string) => string;
}

export function painter(color: boolean): Paint {
  const p = (code: number) => (s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  return { red: p(31), yellow: p(33), dim: p(2), bold: p(1), green: p(32) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Findings in reading order. Content findings start with `content/file.yaml:line:col` relative to where the
 * command ran, so terminals and editors open them; output findings are grouped under their route, each
 * with the content it comes from.
 */
export function formatText(run: CheckRun, color: boolean): string {
  const c = painter(color);
  const show = (location: SourceLocation) => formatLocation(location, (file) => contentPath(run.contentDir, file));
  const groups = new Map<string, Finding[]>();
  for (const f of run.findings) {
    const key = f.location ? `file ${f.location.file}` : f.route ? `route ${f.route}` : 'site';
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  const lines: string[] = [];
  for (const [group, findings] of groups) {
    if (!group.startsWith('file ')) lines.push(c.bold(group));
    for (const f of findings) {
      const sev = f.severity === 'error' ? c.red('error') : c.yellow('warning');
      lines.push(`${f.location ? c.bold(show(f.location)) : ' '} ${sev}  ${f.message}  ${c.dim(f.code)}`);
      const detail = (label: string, value: string | undefined) => value !== undefined && lines.push(c.dim(`    ${label.padEnd(9)}${value}`));
      detail('at', f.location?.path);
      detail('element', f.element);
      detail('source', f.source && show(f.source));
      detail('expected', f.expected);
      detail('found', f.found);
      detail('hint', f.hint);
    }
    lines.push('');
  }
  if (run.omitted?.length) {
    const left = run.omitted.map((o) => `${o.count} more ${o.code} ${o.severity === 'error' ? 'errors' : 'warnings'}`).join(', ');
    lines.push(c.dim(`not shown: ${left} (\`site check\` lists every finding)`), '');
  }
  const { error, warning } = countAll(run.findings, run.omitted);
  const scope = run.output
    ? `content and ${plural(run.routes, 'route')}${run.output.built ? '' : ` in ${run.output.dir}`}`
    : 'content only (the build was not checked: fix the errors above first)';
  const summary = `${plural(error, 'error')}, ${plural(warning, 'warning')} — checked ${scope}`;
  lines.push(error ? c.red(c.bold(summary)) : c.green(summary));
  return lines.join('\n');
}

/** `file` and `source.file` stay relative to `contentDir`, which is given relative to where the command ran. */
export function formatJson(run: CheckRun): string {
  const { error, warning } = countBySeverity(run.findings);
  return JSON.stringify(
    { ok: error === 0, errors: error, warnings: warning, routes: run.routes, contentDir: contentPath(run.contentDir, '.') || '.', findings: run.findings },
    null,
    2,
  );
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Where a GitHub annotation of a finding goes: its content location, else its source (page file at line 1). */
function annotationPlace(f: Finding): SourceLocation | undefined {
  return f.location ?? (f.source && { line: 1, ...f.source });
}

/** How many findings one annotation lists before "and N more": GitHub shows an annotation's first lines. */
const ANNOTATION_ITEMS = 20;
/** Error annotations GitHub shows of one step; the rest are only in the log. */
const GITHUB_SHOWN_ERRORS = 10;

/** One finding as one annotation at its own place, in full. */
function findingAnnotation(run: CheckRun, f: Finding): string {
  const at = annotationPlace(f);
  const props = placeProps(run, at?.file ?? '', at);
  props.push(`title=${escapeProperty(`${f.code}${f.route ? ` ${f.route}` : ''}`)}`);
  const details = [
    at?.path && `at ${at.path}`,
    f.element && `element: ${f.element}`,
    f.expected !== undefined && `expected: ${f.expected}`,
    f.found !== undefined && `found: ${f.found}`,
    f.hint && `hint: ${f.hint}`,
  ].filter(Boolean);
  return `::${f.severity} ${props.join(',')}::${escapeData([f.message, ...details].join('\n'))}`;
}

function placeProps(run: CheckRun, file: string, at: SourceLocation | undefined): string[] {
  const props: string[] = [];
  if (file) props.push(`file=${escapeProperty(contentPath(run.contentDir, file))}`);
  if (at?.line !== undefined) props.push(`line=${at.line}`);
  if (at?.column !== undefined) props.push(`col=${at.column}`);
  return props;
}

/** A file's warnings as one annotation at the first that lists them all (a new language's hundred strings). */
function warningsAnnotation(run: CheckRun, file: string, findings: readonly Finding[]): string {
  const props = placeProps(run, file, annotationPlace(findings[0] as Finding));
  props.push(`title=${escapeProperty(`${plural(findings.length, 'warning')} in ${file ? contentPath(run.contentDir, file) : 'the site'}`)}`);
  const items = findings.slice(0, ANNOTATION_ITEMS).map((f) => {
    const place = annotationPlace(f);
    const where = place?.line !== undefined ? `${place.line}${place.column !== undefined ? `:${place.column}` : ''} ` : '';
    return `${where}${f.severity} ${f.code}${f.route ? ` ${f.route}` : ''}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`;
  });
  if (findings.length > ANNOTATION_ITEMS) items.push(`… and ${findings.length - ANNOTATION_ITEMS} more: run \`site check\` for every one`);
  return `::warning ${props.join(',')}::${escapeData(items.join('\n'))}`;
}

/**
 * GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, shown inline on pull
 * requests. Each error is an annotation at its own line, so the diff shows it where it is. Warnings are one
 * annotation per file (GitHub shows only the first ten errors and ten warnings of a step, so a new language's
 * hundred strings would bury the rest): a file with one warning gets it in full, a file with several one
 * annotation at the first that lists them all. Output findings are placed at the content that produced them
 * (`source`); when that is only the page file, at its first line, since an annotation without a line is not
 * shown in the diff. A closing notice sums up the run.
 */
export function formatGithub(run: CheckRun): string {
  const warnings = new Map<string, Finding[]>();
  const files = new Set<string>();
  const lines: string[] = [];
  for (const f of run.findings) {
    const key = annotationPlace(f)?.file ?? '';
    if (key) files.add(key);
    if (f.severity === 'error') lines.push(findingAnnotation(run, f));
    else warnings.set(key, [...(warnings.get(key) ?? []), f]);
  }
  for (const [file, findings] of warnings) {
    lines.push(findings.length === 1 ? findingAnnotation(run, findings[0] as Finding) : warningsAnnotation(run, file, findings));
  }
  const { error, warning } = countBySeverity(run.findings);
  const scope = run.output ? `content and ${plural(run.routes, 'route')}` : 'content only';
  const hidden = error > GITHUB_SHOWN_ERRORS ? ` (GitHub shows the first ${GITHUB_SHOWN_ERRORS} errors inline; the log lists all)` : '';
  lines.push(
    `::notice title=site check::${escapeData(`${plural(error, 'error')}, ${plural(warning, 'warning')} in ${plural(files.size, 'file')}; checked ${scope}${hidden}`)}`,
  );
  return lines.join('\n');
}
