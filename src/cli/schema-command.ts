/** `site schema`: JSON Schema files for the content, for editors with the YAML language server. */
import type { Command } from 'commander';
import { EXIT_ERRORS, EXIT_OK } from './exit-codes.ts';
import { contentOption, type SetExit } from './options.ts';
import { green, printErrors } from './report.ts';

export function addSchemaCommand(program: Command, setExit: SetExit): void {
  program
    .command('schema')
    .description('write JSON Schema files for the content (for editors with the YAML language server)')
    .addOption(contentOption())
    .action(async (opts: { content: string }) => setExit(await writeSchemas(opts.content)));
}

async function writeSchemas(contentDir: string): Promise<number> {
  const { writeContentSchemas } = await import('../output/write-schemas.ts');
  const result = await writeContentSchemas(contentDir);
  if (!result.ok) {
    printErrors(result.errors, contentDir);
    return EXIT_ERRORS;
  }
  process.stdout.write(green(`wrote ${result.value.join(', ')}\n`));
  return EXIT_OK;
}
