/**
 * `npm run docs`: writes the generated reference pages from the code, so they cannot drift from it:
 * docs/reference/cli.md's options (each command's own `--help`) and docs/reference/errors.md (the error catalogue,
 * src/errors/codes.ts). `--check` writes nothing and exits 1 when a committed page differs; the unit test
 * tests/unit/docs/reference.test.ts does the same.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorsReference } from '../src/errors/reference.ts';

const repo = path.resolve(import.meta.dirname, '..');

/** What `site <args> --help` prints, as a pipe sees it (80 columns, no colour). */
function help(args: readonly string[]): string {
  return execFileSync(process.execPath, [path.join(repo, 'bin/site.js'), ...args, '--help'], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
}

/** The subcommands a help text lists under "Commands:", without `help`. */
function commandsIn(text: string): string[] {
  const block = /\nCommands:\n([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

/** Every command's help, depth first: `site`, `site build`, …, `site leads export`, … */
export function cliReference(): string {
  const sections: string[] = [];
  const visit = (args: string[]) => {
    const text = help(args).trimEnd();
    sections.push(`### \`site${args.map((a) => ` ${a}`).join('')}\`\n\n\`\`\`\n${text}\n\`\`\``);
    for (const command of commandsIn(text)) visit([...args, command]);
  };
  visit([]);
  return sections.join('\n\n');
}

/** `text` with the lines between `<!-- name … -->` and `<!-- /name -->` replaced by `body`. */
export function spliceGenerated(text: string, name: string, body: string): string {
  const open = new RegExp(`^<!-- ${name}( [^\\n]*)? -->$`, 'm').exec(text);
  const close = `\n<!-- /${name} -->`;
  const end = open ? text.indexOf(close, open.index) : -1;
  if (!open || end < 0) throw new Error(`no <!-- ${name} --> … <!-- /${name} --> lines in the file`);
  return `${text.slice(0, open.index + open[0].length)}\n${body.trim()}${text.slice(end)}`;
}

/** Each generated page: its path and its text as the code makes it now. */
export function generatedPages(): { file: string; text: string }[] {
  const cli = path.join(repo, 'docs/reference/cli.md');
  return [
    { file: cli, text: spliceGenerated(readFileSync(cli, 'utf8'), 'generated:cli', cliReference()) },
    { file: path.join(repo, 'docs/reference/errors.md'), text: errorsReference() },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of generatedPages()) {
    const now = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })();
    if (now === text) continue;
    stale++;
    if (check) console.error(`${path.relative(repo, file)} differs from what the code generates: run npm run docs`);
    else writeFileSync(file, text);
  }
  if (check && stale) process.exit(1);
}
