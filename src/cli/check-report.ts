import path from 'node:path';
import { countBySeverity, type Finding } from '../check/finding.ts';
import type { CheckRun } from '../check/run.ts';

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

/** Findings grouped by content file, then by route, each with its position, severity, message and code. */
export function formatText(run: CheckRun, contentDir: string, color: boolean): string {
  const c = painter(color);
  const groups = new Map<string, Finding[]>();
  for (const f of run.findings) {
    const key = f.location ? path.posix.join(contentDir, f.location.file) : f.route ? `route ${f.route}` : 'site';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [group, findings] of groups) {
    lines.push(c.bold(group));
    for (const f of findings) {
      const where = f.location?.line !== undefined ? `${f.location.line}:${f.location.column ?? 1}` : '';
      const sev = f.severity === 'error' ? c.red('error  ') : c.yellow('warning');
      lines.push(`  ${where.padEnd(7)} ${sev}  ${f.message}  ${c.dim(f.code)}`);
      const detail = (label: string, value: string | undefined) => value !== undefined && lines.push(c.dim(`            ${label.padEnd(9)}${value}`));
      detail('at', f.location?.path);
      detail('element', f.element);
      detail('expected', f.expected);
      detail('found', f.found);
      detail('hint', f.hint);
    }
    lines.push('');
  }
  const { error, warning } = countBySeverity(run.findings);
  const scope = run.output ? `content and ${plural(run.routes, 'route')}${run.output.built ? '' : ` in ${run.output.dir}`}` : 'content only (the build was not checked: fix the errors above first)';
  const summary = `${plural(error, 'error')}, ${plural(warning, 'warning')} — checked ${scope}`;
  lines.push(error ? c.red(c.bold(summary)) : c.green(summary));
  return lines.join('\n');
}

export function formatJson(run: CheckRun): string {
  const { error, warning } = countBySeverity(run.findings);
  return JSON.stringify({ ok: error === 0, errors: error, warnings: warning, routes: run.routes, findings: run.findings }, null, 2);
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, shown inline on pull requests. */
export function formatGithub(run: CheckRun, contentDir: string): string {
  return run.findings
    .map((f) => {
      const file = f.location?.file ?? (f.route ? run.routeSources[f.route] : undefined);
      const props: string[] = [];
      if (file) props.push(`file=${escapeProperty(path.posix.join(contentDir, file))}`);
      if (f.location?.line !== undefined) props.push(`line=${f.location.line}`);
      if (f.location?.column !== undefined) props.push(`col=${f.location.column}`);
      props.push(`title=${escapeProperty(`${f.code}${f.route ? ` ${f.route}` : ''}`)}`);
      const details = [
        f.location?.path && `at ${f.location.path}`,
        f.element && `element: ${f.element}`,
        f.expected !== undefined && `expected: ${f.expected}`,
        f.found !== undefined && `found: ${f.found}`,
        f.hint && `hint: ${f.hint}`,
      ].filter(Boolean);
      return `::${f.severity} ${props.join(',')}::${escapeData([f.message, ...details].join('\n'))}`;
    })
    .join('\n');
}
