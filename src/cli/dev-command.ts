/** `site dev`: a supervisor that restarts on code edits, and its child: the in-memory build served with live reload. */
import type { Command } from 'commander';
import { untilStopped } from '../server/lifetime.ts';
import type { RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import { EXIT_ERRORS, EXIT_OK } from './exit-codes.ts';
import { contentEnv, contentOption, dataOption, parsePort, rateLimitOption, reportStoreError, type SetExit } from './options.ts';
import { bold, dim, green, messageOf, printErrors, red } from './report.ts';

interface DevFlags {
  port: number;
  host: string;
  baseUrl?: string;
  content: string;
  data: string;
  rateLimit: RateLimit;
}

/** `argv` is the CLI's own, without the executable: the supervisor starts its child with the same arguments. */
export function addDevCommand(program: Command, argv: readonly string[], setExit: SetExit): void {
  program
    .command('dev')
    .description('build in memory, serve with live reload, rebuild what each content edit touches; restart on code edits')
    .option('--port <port>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--base-url <url>', 'public base URL (default: SITE_URL or site.yaml)')
    .addOption(contentOption())
    .addOption(dataOption())
    .addOption(rateLimitOption())
    .action(async (opts: DevFlags) => setExit(await dev(opts, argv)));
}

async function dev(opts: DevFlags, argv: readonly string[]): Promise<number> {
  const [{ DEV_CHILD_ENV, superviseDev }, { packageRoot }] = await Promise.all([import('../dev/supervisor.ts'), import('../package-root.ts')]);
  if (!process.env[DEV_CHILD_ENV]) return superviseDev(packageRoot, argv.slice(1), (line) => process.stdout.write(dim(`${line}\n`)));
  const stopped = untilStopped();
  const [{ startDev }, { defaultBuildCache }, { formatText }] = await Promise.all([
    import('../dev/dev-server.ts'),
    import('../cache/build-cache.ts'),
    import('./check-report.ts'),
  ]);
  let running: Awaited<ReturnType<typeof startDev>>;
  try {
    running = await startDev({
      contentDir: opts.content,
      port: opts.port,
      host: opts.host,
      env: contentEnv(opts.baseUrl),
      cache: defaultBuildCache(),
      dataDir: opts.data,
      rateLimit: opts.rateLimit,
      report: {
        rebuilt: (routes, ms, rendered) => process.stdout.write(dim(`${rebuiltLine(routes)} (${rendered} rendered) in ${Math.round(ms)} ms\n`)),
        errors: (errors) => printErrors(errors, opts.content),
        findings: (run) => process.stdout.write(`${formatText(run, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR)}\n`),
        checkError: (error) => process.stderr.write(red(`site dev: the check after this rebuild failed: ${messageOf(error)}\n`)),
        storeError: reportStoreError,
      },
    });
  } catch (error) {
    process.stderr.write(red(`cannot start the dev server on ${opts.host}:${opts.port}: ${messageOf(error)}\n`));
    return EXIT_ERRORS;
  }
  process.stdout.write(`${bold('dev server')} at ${green(running.url)} ${dim('(content edits reload the pages they change; Ctrl+C to stop)')}\n`);
  await stopped;
  await running.close();
  return EXIT_OK;
}

/** Routes named in a rebuild's line: a first build or a site-wide edit of 10,000 pages printed all of them on one line. */
const ROUTES_NAMED = 8;

/** `updated /en, /fr`, or the first few and how many more; `no page changed`. */
export function rebuiltLine(routes: readonly string[]): string {
  if (!routes.length) return 'no page changed';
  if (routes.length <= ROUTES_NAMED) return `updated ${routes.join(', ')}`;
  const named = ROUTES_NAMED - 1;
  return `updated ${routes.slice(0, named).join(', ')} and ${(routes.length - named).toLocaleString('en')} more`;
}
