import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { ContentEnv } from '../content/load.ts';
import type { LocalBackend } from '../server/local-backend.ts';
import type { RunningServer } from '../server/server.ts';
import { DEFAULT_LIMITS } from '../server/limits.ts';
import { untilStopped } from '../server/lifetime.ts';
import { packageRoot } from '../package-root.ts';
import { closeOpened } from '../process/shutdown.ts';
import { DEFAULT_RATE_LIMIT, parseRateLimit, type RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import { CHECK_FORMATS, type CheckFormat } from './check-report.ts';
import { addLeadsCommand } from './leads-command.ts';
import { addTranslationsCommand, writeTranslationPage } from './translations-command.ts';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { bold, dim, green, messageOf, printErrors, red, routeTable } from './report.ts';

// Each command imports its stage when it runs: `site build` never loads the checker, the HTML
// validator or a database engine, which would more than double its start-up time.


function contentEnv(baseUrl?: string): ContentEnv {
  return { SITE_URL: baseUrl ?? process.env.SITE_URL, SUPABASE_URL: process.env.SUPABASE_URL, SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a whole number from 0 to 65535.');
  return port;
}

function parseRate(value: string): RateLimit {
  const rate = parseRateLimit(value);
  if (!rate) throw new InvalidArgumentError('expected requests per window, e.g. 5/60 (five a minute) or 5/min.');
  return rate;
}

/**
 * `--at`: an ISO 8601 time with an explicit offset, as publishAt in the content (content/moment.ts, imported
 * when the option is given, so commands without it do not load zod); undefined after printing a usage error.
 */
async function parseAt(value: string): Promise<Date | undefined> {
  const { parseMoment } = await import('../content/moment.ts');
  const at = parseMoment(value);
  if (!at) process.stderr.write(red(`error: option '--at <time>' argument '${value}' is invalid. Expected an ISO 8601 date and time with a time zone offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z.\n`));
  return at;
}

const reportStoreError = (error: unknown) => process.stderr.write(red(`contact request not stored: ${messageOf(error)}\n`));


/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command()
    .name('site')
    .description('Builds the multilingual marketing site from typed YAML content.')
    .version((JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version)
    .exitOverride()
    .showHelpAfterError('(run `site --help` for usage)')
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) })
    .addHelpText(
      'after',
      `
Examples:
  $ site build                      build content/ into dist/
  $ site build --base-url https://www.example.com
  $ site check                      validate content; exit 1 and list every error
  $ site serve --port 4321          serve dist/ at http://127.0.0.1:4321

Exit codes: 0 ok, 1 content or check errors, 2 usage errors.
Environment: SITE_URL, SUPABASE_URL, SUPABASE_ANON_KEY override content/site.yaml at build time.`,
    );

  const contentOption = () => new Option('--content <dir>', 'content directory').default('content');

  program
    .command('build')
    .description('validate the content and write every route as static HTML, with CSS and island bundles')
    .option('--out <dir>', 'output directory', 'dist')
    .option('--base-url <url>', 'public base URL for canonical links and the sitemap (default: SITE_URL or site.yaml)')
    .addOption(contentOption())
    .option('--no-cache', 'render every page: ignore what earlier builds left in the page cache (the result is still stored for the next build)')
    .option('--drafts', 'include drafts and pages or sections not live yet (or no longer), labelled and noindex, and the translation status page (/_translations/): a preview, not for deploying')
    .option('--at <time>', 'build the site as it will be at this moment (ISO 8601 with offset), for previews and tests')
    .action(async (opts: { out: string; baseUrl?: string; content: string; cache: boolean; drafts?: boolean; at?: string }) => {
      const started = performance.now();
      const at = opts.at === undefined ? new Date() : await parseAt(opts.at);
      if (!at) return void (exitCode = EXIT_USAGE);
      const [{ buildSite }, { writePrivacyPolicyModule }, { updateRoutesLock }] = await Promise.all([import('../output/build.ts'), import('../output/privacy-policy.ts'), import('../output/routes-lock.ts')]);
      const publication = { at, drafts: opts.drafts === true };
      const result = await buildSite({ contentDir: opts.content, outDir: opts.out, env: contentEnv(opts.baseUrl), pageCache: true, fresh: !opts.cache, publication, projectFiles: 'write' });
      if (!result.ok) {
        printErrors(result.errors, opts.content);
        exitCode = EXIT_ERRORS;
        return;
      }
      const { routes, budgetErrors } = result.value;
      process.stdout.write(`${routeTable(routes)}\n`);
      // The function and `site serve` store the policy version with each request: commit the file when it changes.
      const generated = await writePrivacyPolicyModule(opts.content, result.value.privacy);
      if (generated) process.stdout.write(dim(`wrote ${path.relative(process.cwd(), generated)} (privacy-policy version; commit it)\n`));
      // Only a build of the site as it is now records its URLs: a preview (--drafts, --at) publishes nothing.
      const lock = !opts.drafts && opts.at === undefined ? await updateRoutesLock(opts.content, routes.map((r) => r.route)) : undefined;
      if (lock) process.stdout.write(dim(`added the new routes to ${path.relative(process.cwd(), lock)} (commit it)\n`));
      if (budgetErrors.length) {
        printErrors(budgetErrors, opts.content);
        exitCode = EXIT_ERRORS;
        return;
      }
      if (opts.drafts) {
        const errors = await writeTranslationPage(opts.content, opts.out, contentEnv(opts.baseUrl));
        if (errors.length) {
          printErrors(errors, opts.content);
          exitCode = EXIT_ERRORS;
          return;
        }
      }
      const { rendered, reused, removed } = result.value.pages;
      process.stdout.write(green(`built ${routes.length} routes into ${opts.out}/ in ${Math.round(performance.now() - started)} ms: rendered ${rendered}, reused ${reused}, removed ${removed}\n`));
    });

  program
    .command('check')
    .description('check the content and the built site (links, anchors, head tags, claims, HTML, budgets); exit 1 on errors')
    .addOption(contentOption())
    .option('--out <dir>', 'check this existing build instead of building into a temporary directory')
    .option('--strict', 'deploy mode: placeholder data, a missing backend URL or anon key and a localhost base URL are errors')
    .option('--base-url <url>', 'public base URL (default: SITE_URL or site.yaml)')
    .addOption(new Option('--format <format>', 'report format').choices(CHECK_FORMATS).default('text'))
    .option('--at <time>', 'check the site as a build at this moment (ISO 8601 with offset) makes it: what is live then')
    .action(async (opts: { content: string; out?: string; strict?: boolean; baseUrl?: string; format: CheckFormat; at?: string }) => {
      const at = opts.at === undefined ? undefined : await parseAt(opts.at);
      if (opts.at !== undefined && !at) return void (exitCode = EXIT_USAGE);
      const { runCheck } = await import('../check/run.ts');
      const { formatGithub, formatJson, formatText } = await import('./check-report.ts');
      const run = await runCheck({ contentDir: opts.content, outDir: opts.out, strict: opts.strict, env: contentEnv(opts.baseUrl), at });
      const text = opts.format === 'json' ? formatJson(run) : opts.format === 'github' ? formatGithub(run) : formatText(run, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR);
      if (text) process.stdout.write(`${text}\n`);
      if (run.findings.some((f) => f.severity === 'error')) exitCode = EXIT_ERRORS;
    });

  program
    .command('schema')
    .description('write JSON Schema files for the content (for editors with the YAML language server)')
    .addOption(contentOption())
    .action(async (opts: { content: string }) => {
      const { writeContentSchemas } = await import('../output/write-schemas.ts');
      const result = await writeContentSchemas(opts.content);
      if (!result.ok) {
        printErrors(result.errors, opts.content);
        exitCode = EXIT_ERRORS;
        return;
      }
      process.stdout.write(green(`wrote ${result.value.join(', ')}\n`));
    });

  const dataOption = () =>
    new Option('--data <dir>', 'where contact requests are stored (PGlite); DATABASE_URL selects PostgreSQL instead').default(process.env.SITE_DATA_DIR || '.data', 'SITE_DATA_DIR or .data');

  const rateLimitOption = () =>
    new Option('--rate-limit <n/seconds>', 'contact requests one client address may send per window (429 beyond)')
      .argParser(parseRate)
      .env('SITE_RATE_LIMIT')
      .default(DEFAULT_RATE_LIMIT, `${DEFAULT_RATE_LIMIT.limit}/${DEFAULT_RATE_LIMIT.windowSeconds}`);

  const wholeNumber = (min: number) => (value: string) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`expected a whole number of at least ${min}.`);
    return n;
  };

  program
    .command('serve')
    .description('serve the built site and answer its contact form (POST /functions/v1/rapid-worker)')
    .option('--port <port>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--out <dir>', 'directory to serve', 'dist')
    .addOption(contentOption())
    .option('--base-url <url>', "the site's public URL, whose pages may send the contact form (default: SITE_URL or site.yaml)")
    .addOption(dataOption())
    .addOption(rateLimitOption())
    .option('--trust-proxy', 'believe X-Forwarded-For (its last entry) for the rate limit: only behind a proxy that sets it', false)
    .option('--max-connections <n>', 'open connections at most; beyond it the oldest idle or stalled one is closed', wholeNumber(1), DEFAULT_LIMITS.maxConnections)
    .option('--headers-timeout <ms>', 'time a client has to send its request headers', wholeNumber(1), DEFAULT_LIMITS.headersTimeoutMs)
    .option('--request-timeout <ms>', 'time a client has to send its whole request', wholeNumber(1), DEFAULT_LIMITS.requestTimeoutMs)
    .option('--keep-alive-timeout <ms>', 'time an idle connection stays open', wholeNumber(1), DEFAULT_LIMITS.keepAliveTimeoutMs)
    .action(
      async (opts: {
        port: number;
        host: string;
        out: string;
        content: string;
        baseUrl?: string;
        data: string;
        rateLimit: RateLimit;
        trustProxy: boolean;
        maxConnections: number;
        headersTimeout: number;
        requestTimeout: number;
        keepAliveTimeout: number;
      }) => {
        // Listening from the start: Ctrl+C while the store opens stops the server as soon as it is up.
        const stopped = untilStopped();
        // Everything the server writes (the PGlite files and WAL, the lease) is readable by its owner only.
        process.umask(0o077);
        const [{ openLocalBackend }, { startServer }, { configuredSiteOrigin }] = await Promise.all([
          import('../server/local-backend.ts'),
          import('../server/server.ts'),
          import('../server/site-origin.ts'),
        ]);
        const siteOrigin = await configuredSiteOrigin(opts.content, opts.baseUrl);
        let backend: LocalBackend;
        try {
          backend = await openLocalBackend({
            dataDir: opts.data,
            contentDir: opts.content,
            rateLimit: opts.rateLimit,
            onStoreError: reportStoreError,
            trustProxy: opts.trustProxy,
            siteOrigins: siteOrigin ? [siteOrigin] : [],
            onNotice: (message) => process.stdout.write(dim(`${message}\n`)),
            retention: {
              onPurged: (requests, months) =>
                process.stdout.write(dim(`retention: deleted ${requests.length} contact request${requests.length === 1 ? '' : 's'} older than ${months} months (not kept)\n`)),
              onError: (error) => process.stderr.write(red(`retention purge failed (retried in a day or at the next start): ${messageOf(error)}\n`)),
            },
            notify: {
              onFailure: (id, channel, reason, givenUp) =>
                process.stderr.write(red(`lead notification ${id} via ${channel}: ${reason}${givenUp ? ' (given up: see `site leads --failed`)' : ' (retried later)'}\n`)),
              onError: (error) => process.stderr.write(red(`lead notifications: ${messageOf(error)} (retried at the next poll)\n`)),
            },
          });
        } catch (error) {
          process.stderr.write(red(`${messageOf(error)}\n`));
          exitCode = EXIT_ERRORS;
          return;
        }
        let server: RunningServer;
        try {
          const limits = { maxConnections: opts.maxConnections, headersTimeoutMs: opts.headersTimeout, requestTimeoutMs: opts.requestTimeout, keepAliveTimeoutMs: opts.keepAliveTimeout };
          server = await startServer({ root: path.resolve(opts.out), port: opts.port, host: opts.host, handlers: backend.handlers, limits });
        } catch (error) {
          await backend.close();
          process.stderr.write(red(`cannot listen on ${opts.host}:${opts.port}: ${messageOf(error)}\n`));
          exitCode = EXIT_ERRORS;
          return;
        }
        await backend.publish(server.url);
        process.stdout.write(`${bold('serving')} ${opts.out}/ at ${green(server.url)} ${dim('(Ctrl+C to stop)')}\n`);
        process.stdout.write(dim(`contact requests go to ${backend.location} (list them with \`site leads\`)\n`));
        if (backend.notifies.length) process.stdout.write(dim(`new leads are notified by ${backend.notifies.join(' and ')}\n`));
        await stopped;
        await server.close();
        await backend.close();
      },
    );

  program
    .command('dev')
    .description('build in memory, serve with live reload, rebuild what each content edit touches; restart on code edits')
    .option('--port <port>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--base-url <url>', 'public base URL (default: SITE_URL or site.yaml)')
    .addOption(contentOption())
    .addOption(dataOption())
    .addOption(rateLimitOption())
    .action(async (opts: { port: number; host: string; baseUrl?: string; content: string; data: string; rateLimit: RateLimit }) => {
      const [{ DEV_CHILD_ENV, superviseDev }, { packageRoot }] = await Promise.all([import('../dev/supervisor.ts'), import('../package-root.ts')]);
      if (!process.env[DEV_CHILD_ENV]) {
        exitCode = await superviseDev(packageRoot, argv.slice(1), (line) => process.stdout.write(dim(`${line}\n`)));
        return;
      }
      const stopped = untilStopped();
      const [{ startDev }, { defaultBuildCache }, { formatText }] = await Promise.all([import('../dev/dev-server.ts'), import('../cache/build-cache.ts'), import('./check-report.ts')]);
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
            rebuilt: (routes, ms, rendered) =>
              process.stdout.write(dim(`${routes.length ? `updated ${routes.join(', ')}` : 'no page changed'} (${rendered} rendered) in ${Math.round(ms)} ms\n`)),
            errors: (errors) => printErrors(errors, opts.content),
            findings: (run) => process.stdout.write(`${formatText(run, Boolean(process.stdout.isTTY) && !process.env.NO_COLOR)}\n`),
            storeError: reportStoreError,
          },
        });
      } catch (error) {
        process.stderr.write(red(`cannot start the dev server on ${opts.host}:${opts.port}: ${messageOf(error)}\n`));
        exitCode = EXIT_ERRORS;
        return;
      }
      process.stdout.write(`${bold('dev server')} at ${green(running.url)} ${dim('(content edits reload the pages they change; Ctrl+C to stop)')}\n`);
      await stopped;
      await running.close();
    });

  addLeadsCommand(program, dataOption(), (code) => (exitCode = code));
  addTranslationsCommand(program, contentOption(), () => contentEnv(), (code) => (exitCode = code));

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT_OK : EXIT_USAGE;
    }
    throw error;
  } finally {
    // Shared by every build of the process (site dev rebuilds on each edit): closed when the command ends.
    await closeOpened();
  }
  return exitCode;
}
