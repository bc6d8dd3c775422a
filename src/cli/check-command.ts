/** `site check`: the content rules and the built site's (links, anchors, head tags, claims, HTML, budgets). */
import { Option, type Command } from 'commander';
import { CHECK_FORMATS, type CheckFormat } from './check-report.ts';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { contentEnv, contentOption, parseAt, type SetExit } from './options.ts';

interface CheckFlags {
  content: string;
  out?: string;
  strict?: boolean;
  baseUrl?: string;
  format: CheckFormat;
  at?: string;
}

export function addCheckCommand(program: Command, setExit: SetExit): void {
  program
    .command('check')
    .description('check the content and the built site (links, anchors, head tags, claims, HTML, budgets); exit 1 on errors')
    .addOption(contentOption())
    .option('--out <dir>', 'check this existing build instead of building into a temporary directory')
    .option('--strict', 'deploy mode: placeholder data, a missing backend URL or anon key and a localhost base URL are errors')
    .option('--base-url <url>', 'public base URL (default: SITE_URL or site.yaml)')
    .addOption(new Option('--format <format>', 'report format').choices(CHECK_FORMATS).default('text'))
    .option('--at <time>', 'check the site as a build at this moment (ISO 8601 with offset) makes it: what is live then')
    .action(async (opts: CheckFlags) => setExit(await check(opts)));
}

async function check(opts: CheckFlags): Promise<number> {
  const at = opts.at === undefined ? undefined : await parseAt(opts.at);
  if (opts.at !== undefined && !at) return EXIT_USAGE;
  const { runCheck } = await import('../check/run.ts');
  const { formatGithub, formatJson, formatText, GO_LIVE_CHECKLIST } = await import('./check-report.ts');
  const run = await runCheck({ contentDir: opts.content, outDir: opts.out, strict: opts.strict, env: contentEnv(opts.baseUrl), at });
  const text =
    opts.format === 'json'
      ? formatJson(run)
      : opts.format === 'github'
        ? formatGithub(run)
        : formatText(run, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR);
  if (text) process.stdout.write(`${text}\n`);
  // JSON stays one document for tools; text and GitHub annotations (as a notice) carry the pointer.
  if (opts.strict && opts.format !== 'json')
    process.stdout.write(opts.format === 'github' ? `::notice title=before-you-go-live::${GO_LIVE_CHECKLIST}\n` : `${GO_LIVE_CHECKLIST}\n`);
  return run.findings.some((f) => f.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}
