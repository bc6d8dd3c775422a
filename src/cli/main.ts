import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { packageRoot } from '../package-root.ts';
import { closeOpened } from '../process/shutdown.ts';
import { addBuildCommand } from './build-command.ts';
import { addCheckCommand } from './check-command.ts';
import { addDevCommand } from './dev-command.ts';
import { addInitCommand } from './init-command.ts';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { addLeadsCommand } from './leads-command.ts';
import { contentEnv, contentOption, dataOption } from './options.ts';
import { addSchemaCommand } from './schema-command.ts';
import { addServeCommand } from './serve-command.ts';
import { addTranslationsCommand } from './translations-command.ts';

// Each command (one file each) imports its stage when it runs: `site build` never loads the checker, the HTML
// validator or a database engine, which would more than double its start-up time.

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = EXIT_OK;
  const setExit = (code: number) => void (exitCode = code);
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

  addBuildCommand(program, setExit);
  addCheckCommand(program, setExit);
  addSchemaCommand(program, setExit);
  addServeCommand(program, setExit);
  addDevCommand(program, argv, setExit);
  addLeadsCommand(program, dataOption(), setExit);
  addTranslationsCommand(program, contentOption(), () => contentEnv(), setExit);
  addInitCommand(program, setExit);

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
