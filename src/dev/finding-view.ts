import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../check/finding.ts';

/** One finding as the in-page overlay shows it: everything is text, placed by the client as text. */
export interface FindingView {
  severity: Finding['severity'];
  code: string;
  message: string;
  /** `content/pages/faq/de.yaml:4:5`, relative to where `site dev` runs. */
  where?: string;
  /** The content file relative to the content folder (`pages/faq/de.yaml`) and the path inside it: /admin shows the finding at its field. */
  file?: string;
  path?: string;
  /** Absolute path, line and column, for the editor links. */
  open?: { file: string; line: number; column: number };
  /** The YAML lines around the position, the position's line marked. */
  frame?: { line: number; text: string; here: boolean }[];
  /** Output findings: the route and the element. */
  route?: string;
  element?: string;
  expected?: string;
  found?: string;
  hint?: string;
}

const FRAME_LINES = 2;

function frameOf(file: string, line: number): FindingView['frame'] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  const from = Math.max(1, line - FRAME_LINES);
  const to = Math.min(lines.length, line + FRAME_LINES);
  return Array.from({ length: to - from + 1 }, (_, i) => ({ line: from + i, text: lines[from + i - 1]!, here: from + i === line }));
}

/** The overlay's view of findings: the content position (or, for output findings, their source) with a code frame. */
export function findingViews(findings: readonly Finding[], contentDir: string): FindingView[] {
  return findings.map((f) => {
    const at = f.location ?? f.source;
    const view: FindingView = {
      severity: f.severity,
      code: f.code,
      message: f.message,
      route: f.route,
      element: f.element,
      expected: f.expected,
      found: f.found,
      hint: f.hint,
    };
    if (at?.file) {
      const file = path.resolve(contentDir, at.file);
      const line = at.line ?? 1;
      const column = at.column ?? 1;
      view.where = `${path.relative(process.cwd(), file)}${at.line ? `:${line}:${column}` : ''}`;
      view.open = { file, line, column };
      view.file = path.relative(contentDir, file).split(path.sep).join('/');
      if (at.path) view.path = at.path;
      if (at.line) view.frame = frameOf(file, line);
    }
    return view;
  });
}
