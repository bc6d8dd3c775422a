import type { BuildPlan, DecisionKind } from './plan.ts';

/** What a build did with each page and why, as `site build --explain` prints it: the plan, as carried out. */
export interface PlanReport {
  pages: { route: string; file: string; kind: DecisionKind; reason: string }[];
  removals: { file: string; reason: string }[];
}

export function planReport(plan: BuildPlan): PlanReport {
  return { pages: plan.pages.map(({ route, file, kind, reason }) => ({ route, file, kind, reason })), removals: plan.removals };
}

/** A build that found nothing changed since the last one: every page as that build wrote it. */
export function unchangedPlan(routes: readonly { route: string; file: string }[]): PlanReport {
  const reason = 'nothing the last build read or wrote has changed since: the whole build is the last one';
  return { pages: routes.map(({ route, file }) => ({ route, file, kind: 'reuse', reason })), removals: [] };
}

/** One line a page (`render   /faq  pages/faq/de.yaml changed`), then one a removed file, then the counts. */
export function formatPlan(report: PlanReport): string {
  const width = Math.max(0, ...report.pages.map((page) => page.route.length));
  const lines = report.pages.map((page) => `${page.kind.padEnd(8)} ${page.route.padEnd(width)}  ${page.reason}`);
  for (const removal of report.removals) lines.push(`${'remove'.padEnd(8)} ${removal.file}  ${removal.reason}`);
  const counts = new Map<string, number>();
  for (const page of report.pages) counts.set(page.kind, (counts.get(page.kind) ?? 0) + 1);
  const tally = (['render', 'restore', 'reuse', 'unloaded'] as const).map((kind) => `${kind} ${counts.get(kind) ?? 0}`);
  lines.push(`${tally.join(', ')}, remove ${report.removals.length}`);
  return lines.join('\n');
}
