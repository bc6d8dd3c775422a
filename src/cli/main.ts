import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { loadContent, type ContentEnv } from '../content/load.ts';
import { buildSite } from '../output/build.ts';
import { startServer } from '../server/server.ts';
import { bold, dim, green, printErrors, routeTable } from './report.ts';

export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

function contentEnv(baseUrl?: string): ContentEnv {
  return { SITE_URL: baseUrl ?? process.env.SITE_URL, SUPABASE_URL: process.env.SUPABASE_URL, SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a whole number from 0 to 65535.');
  return port;
}

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command()
    .name('site')
    .description('Builds the multilingual marketing site from typed YAML content.')
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
    .action(async (opts: { out: string; baseUrl?: string; content: string }) => {
      const started = performance.now();
      const result = await buildSite({ contentDir: opts.content, outDir: opts.out, env: contentEnv(opts.baseUrl) });
      if (!result.ok) {
        printErrors(result.errors);
        exitCode = EXIT_ERRORS;
        return;
      }
      process.stdout.write(`${routeTable(result.value.routes)}\n`);
      process.stdout.write(green(`built ${result.value.routes.length} routes into ${opts.out}/ in ${Math.round(performance.now() - started)} ms\n`));
    });

  program
    .command('check')
    .description('validate the content and report every error at once (exit 1 on errors)')
    .addOption(contentOption())
    .action(async (opts: { content: string }) => {
      const result = await loadContent(opts.content, contentEnv());
      if (!result.ok) {
        printErrors(result.errors);
        exitCode = EXIT_ERRORS;
        return;
      }
      process.stdout.write(green(`content ok: ${result.value.pages.length} pages in ${Object.keys(result.value.locales).length} locales\n`));
    });

  program
    .command('serve')
    .description('serve the built site locally')
    .option('--port <port>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--out <dir>', 'directory to serve', 'dist')
    .action(async (opts: { port: number; host: string; out: string }) => {
      const server = await startServer({ root: path.resolve(opts.out), port: opts.port, host: opts.host });
      process.stdout.write(`${bold('serving')} ${opts.out}/ at ${green(server.url)} ${dim('(Ctrl+C to stop)')}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => void server.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT_OK : EXIT_USAGE;
    }
    throw error;
  }
  return exitCode;
}
