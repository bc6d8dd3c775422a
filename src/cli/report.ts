import { contentPath, formatError, type SiteError } from '../errors/site-error.ts';
import type { RouteReport } from '../output/build.ts';

const useColor = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code: number) => (text: string) => (useColor() ? `\x1b[${code}m${text}\x1b[0m` : text);
export const red = paint(31);
export const green = paint(32);
export const dim = paint(2);
export const bold = paint(1);

export function printErrors(errors: readonly SiteError[], contentDir: string, write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  for (const error of errors) {
    const [first, ...rest] = formatError(error, (file) => contentPath(contentDir, file)).split('\n');
    write(red(first ?? ''));
    for (const line of rest) write(dim(line));
    write('');
  }
  write(red(bold(`${errors.length} error${errors.length === 1 ? '' : 's'}`)));
}

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * The per-route table `site build` prints: gzip sizes of the HTML, the stylesheet, and the JavaScript
 * a visitor downloads before any interaction (first visit or returning alike: the cookie banner needs no
 * script), with every island hydrated (and the islands' props files that brings), and what the first contact
 * submit adds. A page whose HTML is within its budget uncompressed (page-weight.ts needsHtmlGzip) shows the bound, `≤`.
 */
export function routeTable(routes: readonly RouteReport[]): string {
  const header = ['route', 'file', 'html', 'css', 'js before interaction', 'js hydrated', 'island props', 'js submit'];
  const over = (r: RouteReport, kind: RouteReport['overBudget'][number]['kind']) => r.overBudget.some((o) => o.kind === kind);
  const mark = (text: string, flagged: boolean) => (flagged ? `${text} !` : text);
  const rows = routes.map((r) => {
    const w = r.weight;
    return [
      r.route,
      r.file,
      mark(w.htmlAtMost ? `≤ ${kb(w.html)}` : kb(w.html), over(r, 'html')),
      mark(kb(w.css), over(r, 'css')),
      mark(kb(w.jsBeforeInteraction), over(r, 'js')),
      mark(kb(w.jsHydrated), over(r, 'jsAtMost')),
      w.islandProps ? `+${kb(w.islandProps)}` : '–',
      w.jsSubmit ? `+${kb(w.jsSubmit)}` : '–',
    ];
  });
  // Loops, not a spread of every row's cell into Math.max and a joined array per row: 10,000 rows are printed on every build.
  const widths = header.map((h) => h.length);
  for (const row of rows) for (let i = 0; i < row.length; i++) widths[i] = Math.max(widths[i]!, row[i]!.length);
  const line = (cells: string[]) => {
    let text = '';
    for (let i = 0; i < cells.length; i++) text += `${i ? '  ' : ''}${i < 2 ? cells[i]!.padEnd(widths[i]!) : cells[i]!.padStart(widths[i]!)}`;
    return text;
  };
  let table = bold(line(header));
  for (const row of rows) table += `\n${line(row)}`;
  const bounds = routes.some((r) => r.weight.htmlAtMost)
    ? '; ≤ = html not compressed: at most its bytes plus gzip framing, within its budget without compressing it'
    : '';
  return `${table}\n${dim(`sizes are gzip -9${bounds}; ! = over budget (content/check.yaml)`)}`;
}

/** An error's message for the terminal (anything thrown that is not an Error is printed as text). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
