/**
 * `site translations`: what is missing, untranslated or stale per locale and page (table or --json), and
 * `--accept <locale>[:<page>]` to record the current sources as translated in content/translations.lock.yaml.
 * `writeTranslationPage` puts the same report as a page into a `--drafts` build.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command, Option } from 'commander';
import type { ContentEnv } from '../content/load.ts';
import type { SiteError } from '../errors/site-error.ts';
import { EXIT_ERRORS, EXIT_USAGE } from './exit-codes.ts';
import { dim, green, printErrors, red } from './report.ts';

export function addTranslationsCommand(program: Command, contentOption: Option, env: () => ContentEnv, setExit: (code: number) => void): void {
  program
    .command('translations')
    .description(
      'per locale and page: strings missing, untranslated (same as the source) or stale (the source changed since); --accept records translations as up to date',
    )
    .addOption(contentOption)
    .option('--json', 'print the status as JSON')
    .option(
      '--accept <locale[:page]>',
      'record the current source texts as translated, for a locale (fr) or one page of it (fr:home, fr:ui for the UI strings); repeatable',
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .action(async (opts: { content: string; json?: boolean; accept: string[] }) => {
      const [{ readTranslationStatus, acceptTranslations, parseAcceptTarget }, { writeTranslationLock }, { translationJson, translationTable }] =
        await Promise.all([import('../check/translations/index.ts'), import('../check/translations/lock.ts'), import('../check/translations/report.ts')]);
      const read = await readTranslationStatus(opts.content, env());
      if (!read.ok) {
        printErrors(read.errors, opts.content);
        setExit(EXIT_ERRORS);
        return;
      }
      if (opts.accept.length) {
        const targets = opts.accept.map((value) => ({ value, target: parseAcceptTarget(value) }));
        const pages = new Set(read.status.pages.filter((p) => p.exists).map((p) => `${p.locale}:${p.page}`));
        const unknown = targets.filter(
          ({ target }) => !target || !read.status.locales.includes(target.locale) || (target.page && !pages.has(`${target.locale}:${target.page}`)),
        );
        if (unknown.length) {
          const known = read.status.locales.join(', ');
          for (const { value } of unknown)
            process.stderr.write(
              red(
                `--accept ${value}: expected a translated locale (${known}) or <locale>:<page> of a page that has a translation file, e.g. ${read.status.locales[0] ?? 'fr'}:home or ${read.status.locales[0] ?? 'fr'}:ui\n`,
              ),
            );
          setExit(EXIT_USAGE);
          return;
        }
        const lock = acceptTranslations(
          read.input,
          targets.map(({ target }) => target!),
        );
        const file = await writeTranslationLock(opts.content, lock);
        process.stdout.write(green(`recorded ${opts.accept.join(', ')} as translated in ${path.relative(process.cwd(), file)} (commit it)\n`));
        return;
      }
      process.stdout.write(`${opts.json ? translationJson(read.status, opts.content) : translationTable(read.status, opts.content)}\n`);
    });
}

/** Writes the translation status page into a build's output folder (`site build --drafts`); errors when the content does not load. */
export async function writeTranslationPage(contentDir: string, outDir: string, env: ContentEnv): Promise<SiteError[]> {
  const [{ readTranslationStatus }, { translationPageFiles, TRANSLATIONS_PATH }] = await Promise.all([
    import('../check/translations/index.ts'),
    import('../check/translations/page.ts'),
  ]);
  const read = await readTranslationStatus(contentDir, env);
  if (!read.ok) return read.errors;
  for (const [url, text] of translationPageFiles(read.status)) {
    const file = path.join(outDir, url);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  process.stdout.write(dim(`wrote the translation status to ${path.join(outDir, TRANSLATIONS_PATH)} (drafts build only)\n`));
  return [];
}
