import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape ARCHITECTURE.md promises: data flows one way through the stages, so no module imports against
 * the stage order and no modules import each other in a circle (type-only imports count: a circle of types
 * is still two files that cannot be read apart).
 */
const repo = path.resolve(import.meta.dirname, '../..');

/** What each top-level part of src/ may import (besides itself). Edges (cli, dev, server) may import stages; stages never import edges. */
const BASE = ['src/errors', 'src/cache', 'src/process', 'src/package-root.ts'];
const ALLOWED: Record<string, string[]> = {
  'src/errors': [],
  'src/process': [],
  'src/cache': [],
  'src/schema': [...BASE, 'supabase/functions'],
  'src/content': [...BASE, 'src/schema'],
  // Islands are the interactive components render puts on the page: render imports them, never the reverse.
  'src/islands': [...BASE, 'src/schema', 'supabase/functions'],
  'src/render': [...BASE, 'src/schema', 'src/content', 'src/islands'],
  'src/assets': [...BASE, 'src/schema', 'src/content', 'src/render'],
  'src/output': [...BASE, 'src/schema', 'src/content', 'src/render', 'src/islands', 'src/assets'],
  'src/check': [...BASE, 'src/schema', 'src/content', 'src/render', 'src/islands', 'src/assets', 'src/output'],
  'src/server': [...BASE, 'src/content', 'src/output', 'supabase/functions'],
  'src/dev': [...BASE, 'src/schema', 'src/content', 'src/render', 'src/assets', 'src/output', 'src/check', 'src/server', 'supabase/functions'],
  'src/cli': [...BASE, 'src/content', 'src/output', 'src/check', 'src/dev', 'src/server', 'supabase/functions'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Relative imports of code (static, dynamic and type-only; not stylesheets) of every source file, as repo-relative paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sourceFiles('src'), ...sourceFiles('supabase/functions')]) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(repo, file), 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .filter((i) => i.fileName.startsWith('.') && /\.tsx?$/.test(i.fileName))
        .map((i) => path.posix.normalize(path.posix.join(path.posix.dirname(file), i.fileName))),
    );
  }
  return graph;
}

const part = (file: string) => (file.startsWith('supabase/functions') ? 'supabase/functions' : file.split('/').slice(0, 2).join('/'));

/** Strongly connected components of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  const graph = importGraph();

  it('resolve to files that exist (the graph below sees every edge)', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${file} → ${t}`));
    expect(missing).toEqual([]);
  });

  it('form no circles, type-only imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('follow the stage order: no stage imports a later stage or an edge', () => {
    const against = [...graph].flatMap(([file, targets]) => {
      const from = part(file);
      const allowed = ALLOWED[from];
      if (!allowed) return from === 'supabase/functions' || from === 'src/package-root.ts' ? [] : [`${file}: ${from} has no rule`];
      return targets.filter((t) => part(t) !== from && !allowed.includes(part(t))).map((t) => `${file} → ${t}`);
    });
    expect(against).toEqual([]);
  });

  it('catches a circle and an import against the order (the rules can fail)', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(ALLOWED['src/render']).not.toContain('src/output');
    expect(ALLOWED['src/content']).not.toContain('src/render');
  });
});
