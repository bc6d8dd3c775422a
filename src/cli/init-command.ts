/**
 * `site init <dir>`: a new project folder with the starter site of templates/starter (home page with hero,
 * features, FAQ and contact form in German and English, Impressum and Datenschutz, check.yaml), a package.json
 * that depends on this generator, and the editor schemas; `npm install && npm start` then builds and serves it.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { packageRoot } from '../package-root.ts';
import { EXIT_ERRORS, EXIT_USAGE } from './exit-codes.ts';
import { bold, green, printErrors, red } from './report.ts';

const STARTER = path.join(packageRoot, 'templates/starter');
/** What the starter can be made in: German alone, or German (at /) and English (at /en). */
const LANGUAGE_SETS = ['de', 'de,en'] as const;

export interface InitOptions {
  /** `de` or `de,en` (the default). */
  languages: string;
  /** What package.json depends on for `site`: a path, `file:…` or a git URL; default this generator's folder. */
  generator?: string;
}

/**
 * The `site` dependency of the new package.json, or why not: a folder as a `file:` path relative to the new site (npm
 * reads it from the package.json's folder), so the project can be committed and installed wherever the two folders
 * sit side by side, never a path of this machine; a git URL or `file:` spec as given. A bare version is refused: this
 * generator is not on the npm registry, and the package called `site` there is another one.
 */
export function generatorSpec(generator: string | undefined, target: string): { spec: string } | { error: string } {
  if (generator && /^(git\+|git:|https?:|github:|file:)/.test(generator)) return { spec: generator };
  if (generator && /^[\^~<>=]*\d/.test(generator))
    return {
      error: `--generator ${generator}: this generator is not on the npm registry (the package "site" there is another one); give its folder or a git URL`,
    };
  const folder = path.resolve(generator ?? packageRoot);
  const relative = path.relative(target, folder);
  // A folder on another drive has no relative path (Windows): then its absolute one.
  return { spec: `file:${path.isAbsolute(relative) ? folder : relative.split(path.sep).join('/')}` };
}

/** The package name npm accepts for a folder name: lower case, no spaces. */
function packageName(dir: string): string {
  return (
    path
      .basename(path.resolve(dir))
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+|-+$/g, '') || 'my-site'
  );
}

function packageJson(dir: string, generator: string, node: string): string {
  const pkg = {
    name: packageName(dir),
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node },
    scripts: {
      start: 'site build && site serve',
      build: 'site build',
      dev: 'site dev',
      test: 'site check',
      translations: 'site translations',
    },
    dependencies: { site: generator },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

const README = (languages: string) => `# My site

Made with \`site init\`: a multilingual marketing site from YAML content (${languages === 'de' ? 'German' : 'German at /, English at /en'}).

\`\`\`sh
npm install && npm start   # build into dist/ and serve it (prints the address)
npm test                   # site check: links, anchors, head tags, HTML, budgets, copy rules
\`\`\`

- \`content/site.yaml\`: name, company data, languages. Replace every \`!placeholder\` value before going live.
- \`content/locales/<lang>.yaml\`: navigation (\`header.menus\`), footer (\`footer.columns\`), cookie notice, form texts.
- \`content/pages/<page>/<lang>.yaml\`: the pages, built from sections (see the generator's docs/starter.md).
- \`npm run dev\`: edit content and see the pages update in the browser.
`;

const GITIGNORE = ['node_modules/', 'dist/', '.dist.sources.json', '.data/', ''].join('\n');

/** Creates the project; returns errors to print (a usage problem is `usage: true`). */
export async function initProject(
  dir: string,
  options: InitOptions,
): Promise<{ ok: true; files: string[]; generator: string } | { ok: false; usage: boolean; message: string }> {
  const languages = options.languages.replace(/\s+/g, '');
  if (!(LANGUAGE_SETS as readonly string[]).includes(languages)) {
    return {
      ok: false,
      usage: true,
      message: `--languages ${options.languages}: expected ${LANGUAGE_SETS.join(' or ')} (German is the default language; English is the second)`,
    };
  }
  const target = path.resolve(dir);
  const generator = generatorSpec(options.generator, target);
  if ('error' in generator) return { ok: false, usage: true, message: generator.error };
  const present = await readdir(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  if (present.length)
    return {
      ok: false,
      usage: true,
      message: `${dir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): give a new or empty folder`,
    };
  await mkdir(target, { recursive: true });
  await cp(STARTER, target, { recursive: true });
  const content = path.join(target, 'content');
  if (languages === 'de') {
    await rm(path.join(content, 'locales/en.yaml'));
    await rm(path.join(content, 'pages/home/en.yaml'));
    await rm(path.join(content, 'pages/not-found/en.yaml'));
    const siteFile = path.join(content, 'site.yaml');
    const site = await readFile(siteFile, 'utf8');
    await writeFile(siteFile, site.replace('  - { code: en, lang: en, hreflang: en }\n', '').replace('German at /, English at /en', 'German at /'));
  }
  // The starter runs on the Node versions this generator supports: its own package.json says which.
  const { engines } = JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
  await writeFile(path.join(target, 'package.json'), packageJson(dir, generator.spec, engines.node));
  await writeFile(path.join(target, '.gitignore'), GITIGNORE);
  await writeFile(path.join(target, 'README.md'), README(languages));
  const { writeContentSchemas } = await import('../output/write-schemas.ts');
  const schemas = await writeContentSchemas(content, target);
  if (!schemas.ok) {
    printErrors(schemas.errors, content);
    return { ok: false, usage: false, message: 'the starter content does not validate against this generator (a bug: please report it)' };
  }
  return { ok: true, files: ['package.json', 'README.md', '.gitignore', 'content/'], generator: generator.spec };
}

export function addInitCommand(program: Command, setExit: (code: number) => void): void {
  program
    .command('init')
    .description(
      'create a new site in <dir>: a starter with home page (hero, features, FAQ, contact), legal pages and check.yaml, in German or German and English',
    )
    .argument('<dir>', 'a new or empty folder')
    .option('--languages <codes>', `the languages: ${LANGUAGE_SETS.join(' or ')}`, 'de,en')
    .option('--generator <spec>', "what the new package.json depends on for site (a folder or a git URL); default: this generator's folder, as a relative path")
    .action(async (dir: string, opts: InitOptions) => {
      const made = await initProject(dir, opts);
      if (!made.ok) {
        process.stderr.write(red(`site init: ${made.message}\n`));
        setExit(made.usage ? EXIT_USAGE : EXIT_ERRORS);
        return;
      }
      process.stdout.write(
        `${green(`created a site in ${dir}`)}\n\n  cd ${dir}\n  ${bold('npm install && npm start')}   build and serve it\n  ${bold('npm test')}                   check it\n\n` +
          `package.json takes the generator from ${made.generator}: keep the two folders side by side, or give --generator <git URL>.\n`,
      );
    });
}
