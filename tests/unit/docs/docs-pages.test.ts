/**
 * The docs hold together: every relative link (and its #anchor) leads somewhere, the README keeps to its two set-up
 * commands, and every `site` command line the docs show names a real command with options it has, as the CLI's own
 * help says (docs/reference/cli.md, which reference.test.ts holds equal to the CLI).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

async function markdownFiles(): Promise<string[]> {
  const top = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'SECURITY.md'].map((f) => path.join(repo, f));
  const docs = (await readdir(path.join(repo, 'docs'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name));
  const folders = (await readdir(path.join(repo, 'src'), { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => path.join(repo, 'src', e.name, 'README.md'));
  const present = await Promise.all(
    folders.map((f) =>
      stat(f).then(
        () => f,
        () => undefined,
      ),
    ),
  );
  return [...top, ...docs, ...present.filter((f): f is string => f !== undefined)];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(text: string): Set<string> {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

describe('the docs', () => {
  it('link only to files and headings that exist', async () => {
    const broken: string[] = [];
    for (const file of await markdownFiles()) {
      const text = (await readFile(file, 'utf8')).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [relative, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = relative ? path.resolve(path.dirname(file), relative) : file;
        const exists = await stat(resolved).then(
          () => true,
          () => false,
        );
        if (!exists) {
          broken.push(`${path.relative(repo, file)}: ${target} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(await readFile(resolved, 'utf8')).has(anchor))
          broken.push(`${path.relative(repo, file)}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('README: what it is, exactly the two set-up commands, a short tour, under ~200 lines', async () => {
    const readme = await readFile(path.join(repo, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    const setUp = /## Set up\n\n```sh\n([\s\S]*?)```/
      .exec(readme)![1]!
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, ''));
    expect(setUp).toEqual(['npm install && npm start', 'npm test']);
  });

  it('show only `site` commands and options the CLI has', async () => {
    const reference = await readFile(path.join(repo, 'docs/reference/cli.md'), 'utf8');
    // Each command's help: its options and its subcommands.
    const commands = new Map<string, Set<string>>();
    for (const [, name, help] of reference.matchAll(/^### `site([^`]*)`\n\n```\n([\s\S]*?)```/gm)) {
      commands.set(name!.trim(), new Set([...help!.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!.replace(/^--no-/, '--'))));
    }
    expect(commands.size).toBeGreaterThan(8);
    const wrong: string[] = [];
    let seen = 0;
    for (const file of await markdownFiles()) {
      const text = await readFile(file, 'utf8');
      const blocks = [...text.matchAll(/```(?:sh|bash|console)?\n([\s\S]*?)```/g)].map((m) => m[1]!);
      // Inline commands in the prose too: `npx site check --strict`, `site build --drafts`.
      const inline = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`((?:npx )?site [a-z][^`]*)`/g)].map((m) =>
        m[1]!.startsWith('npx ') ? m[1]! : `npx ${m[1]}`,
      );
      for (const block of [...blocks, inline.join('\n')]) {
        // One command at a time: a line may chain several (`npx site build && npx site check --out dist`).
        for (const raw of block.split('\n').flatMap((line) => line.replace(/\s+#.*$/, '').split(/&&|;|\|\|/))) {
          const line = raw.replace(/^\s*\$ /, '').trim();
          const at = /^(?:[A-Z_]+=\S+ )*(?:npx )site ((?:[a-z][\w-]* ?)*)(.*)$/.exec(line);
          if (!at) continue;
          seen++;
          const words = at[1]!.trim().split(' ').filter(Boolean);
          // The longest command path the CLI knows (`leads export`), the rest being arguments.
          let name = '';
          for (const word of words) if (commands.has(`${name} ${word}`.trim())) name = `${name} ${word}`.trim();
          if (!name || !commands.has(name)) {
            wrong.push(`${path.relative(repo, file)}: ${line.trim()} (no command '${words.join(' ')}')`);
            continue;
          }
          const options = [...`${at[1]} ${at[2]}`.matchAll(/(?:^|\s)(--[\w-]+)/g)].map((m) => m[1]!.replace(/^--no-/, '--'));
          for (const option of options) {
            if (option === '--help') continue;
            if (!commands.get(name)!.has(option)) wrong.push(`${path.relative(repo, file)}: ${line.trim()} (site ${name} has no ${option})`);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('name only Node versions that package.json engines allow', async () => {
    const { engines } = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as { engines: { node: string } };
    // `^22.12.0 || >=24.0.0`: a major a host installs the latest release of (NODE_VERSION=22) fits a caret range of its
    // own major or a lower bound at or below it.
    const allows = (major: number) =>
      engines.node.split('||').some((range) => {
        const caret = /^\s*\^(\d+)\./.exec(range);
        const atLeast = /^\s*>=\s*(\d+)\./.exec(range);
        return caret ? Number(caret[1]) === major : atLeast ? major >= Number(atLeast[1]) : false;
      });
    expect([20, 22, 24].map(allows)).toEqual([false, true, true]);
    const patterns = [/\bNode(?:\.js)? (\d+)/g, /NODE_VERSION\s*=\s*"?(\d+)/g, /node-version:\s*(\d+)/g, /\| Node version \| (\d+)/g];
    const named: string[] = [];
    const wrong: string[] = [];
    // What a user reads as a requirement: the README and docs/. docs/performance.md and the code folders' notes report
    // what ran where (a bench on this machine's Node 20, a workaround for Node 20), records, not requirements.
    const userDocs = (await markdownFiles()).filter((f) => !f.startsWith(path.join(repo, 'src')) && !f.endsWith(path.join('docs', 'performance.md')));
    for (const file of userDocs) {
      const text = await readFile(file, 'utf8');
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const where = `${path.relative(repo, file)}: ${match[0]}`;
          named.push(where);
          if (!allows(Number(match[1]))) wrong.push(where);
        }
      }
    }
    expect(named.length).toBeGreaterThanOrEqual(5);
    expect(wrong).toEqual([]);
  });
});
