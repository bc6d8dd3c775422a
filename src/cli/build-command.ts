/** `site build`: validate the content and write every route into the output folder, reusing what earlier builds left. */
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { contentEnv, contentOption, parseAt, type SetExit } from './options.ts';
import { dim, green, printErrors, routeTable } from './report.ts';
import { writeTranslationPage } from './translations-command.ts';

interface BuildFlags {
  out: string;
  baseUrl?: string;
  content: string;
  cache: boolean;
  drafts?: boolean;
  at?: string;
  explain?: boolean;
  emptyOut?: boolean;
}

export function addBuildCommand(program: Command, setExit: SetExit): void {
  program
    .command('build')
    .description('validate the content and write every route as static HTML, with CSS and island bundles')
    .option('--out <dir>', 'output directory', 'dist')
    .option(
      '--empty-out',
      'delete what the --out folder holds even if no site build wrote it (without it, a non-empty folder with no .<name>.sources.json beside it is refused)',
    )
    .option('--base-url <url>', 'public base URL for canonical links and the sitemap (default: SITE_URL or site.yaml)')
    .addOption(contentOption())
    .option('--no-cache', 'render every page: ignore what earlier builds left in the page cache (the result is still stored for the next build)')
    .option(
      '--drafts',
      'include drafts and pages or sections not live yet (or no longer), labelled and noindex, and the translation status page (/_translations/): a preview, not for deploying',
    )
    .option('--at <time>', 'build the site as it will be at this moment (ISO 8601 with offset), for previews and tests')
    .option('--explain', 'print what the build did with each page and why (render, restore, reuse, unloaded) and the files it removed')
    .action(async (opts: BuildFlags) => setExit(await build(opts)));
}

async function build(opts: BuildFlags): Promise<number> {
  const started = performance.now();
  const at = opts.at === undefined ? new Date() : await parseAt(opts.at);
  if (!at) return EXIT_USAGE;
  const [{ buildSite }, { updateRoutesLock }] = await Promise.all([import('../output/build.ts'), import('../output/routes-lock.ts')]);
  const publication = { at, drafts: opts.drafts === true };
  const result = await buildSite({
    contentDir: opts.content,
    outDir: opts.out,
    env: contentEnv(opts.baseUrl),
    pageCache: true,
    fresh: !opts.cache,
    publication,
    projectFiles: 'write',
    emptyOutDir: opts.emptyOut === true,
  });
  if (!result.ok) {
    printErrors(result.errors, opts.content);
    return EXIT_ERRORS;
  }
  const { routes, budgetErrors } = result.value;
  process.stdout.write(`${routeTable(routes)}\n`);
  if (opts.explain) {
    const { formatPlan } = await import('../output/incremental/explain.ts');
    process.stdout.write(`${formatPlan(result.value.plan)}\n`);
  }
  // The contact function and `site serve` import the generated files (languages, notification texts, the policy
  // version stored with each request): commit them when they change.
  for (const file of result.value.projectFiles) process.stdout.write(dim(`wrote ${path.relative(process.cwd(), file)} (commit it)\n`));
  // Only a build of the site as it is now records its URLs: a preview (--drafts, --at) publishes nothing.
  const lock =
    !opts.drafts && opts.at === undefined
      ? await updateRoutesLock(
          opts.content,
          routes.map((r) => r.route),
        )
      : undefined;
  if (lock) process.stdout.write(dim(`added the new routes to ${path.relative(process.cwd(), lock)} (commit it)\n`));
  if (budgetErrors.length) {
    printErrors(budgetErrors, opts.content);
    return EXIT_ERRORS;
  }
  if (opts.drafts) {
    const errors = await writeTranslationPage(opts.content, opts.out, contentEnv(opts.baseUrl));
    if (errors.length) {
      printErrors(errors, opts.content);
      return EXIT_ERRORS;
    }
  }
  const { rendered, reused, removed } = result.value.pages;
  process.stdout.write(
    green(
      `built ${routes.length} routes into ${opts.out}/ in ${Math.round(performance.now() - started)} ms: rendered ${rendered}, reused ${reused}, removed ${removed}\n`,
    ),
  );
  return EXIT_OK;
}
