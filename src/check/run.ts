import { checkGeneratedFiles } from './generated.ts';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadContentWithSources, type ContentEnv, type UnsavedEdits } from '../content/load.ts';
import type { ContentMemo } from '../content/memo.ts';
import type { SiteModel } from '../content/model.ts';
import { publishedModel, type Publication } from '../content/publishing.ts';
import { buildSite } from '../output/build.ts';
import { readPageSources, removePageSources } from '../output/page-sources.ts';
import { loadCheckConfig, type CheckConfig } from '../content/check-config.ts';
import { loadGlossary } from '../content/glossary.ts';
import type { YamlSource } from '../content/yaml-source.ts';
import { defaultBuildCache } from '../cache/build-cache.ts';
import { checkSchemaModelines, contentRules } from './content.ts';
import { checkImages } from './images.ts';
import { checkRenderedTypography, copyRules, copyStringSteps } from './copy/index.ts';
import type { CopyString } from './copy/copy-strings.ts';
import { findingSource } from './element-source.ts';
import { finding, fromSiteError, sortFindings, type Finding, type OmittedFindings } from './finding.ts';
import { checkOutput } from './output.ts';
import { loadTranslationLock } from './translations/lock.ts';
import { checkTranslations } from './translations/index.ts';
import { checkRedirects } from './redirects.ts';
import { readInSteps, runSteps } from './steps.ts';

export interface CheckOptions {
  contentDir: string;
  /** Check this existing build instead of building into a temporary directory. */
  outDir?: string;
  strict?: boolean;
  env?: ContentEnv;
  /** The moment to check the site at (`--at`; default now): what a build then would publish. */
  at?: Date;
}

export interface CheckRun {
  findings: Finding[];
  /** Routes whose output was checked (0 when the content did not load). */
  routes: number;
  /** What was checked: the content only, or the content and the build (which directory). */
  output?: { dir: string; built: boolean };
  /** The content directory as given; every `location.file` and `source.file` is relative to it. */
  contentDir: string;
  /** Findings a bounded report (`site dev`) leaves out, counted by code; `site check` leaves none out. */
  omitted?: OmittedFindings[];
}

/** The content half of `site check`: check.yaml, the loader's errors and the content rules, and what they read. */
export interface SourceCheck {
  findings: Finding[];
  /** The model, when the content validates. */
  model?: SiteModel;
  sources: YamlSource[];
  config: CheckConfig;
  /** The visible strings the copy rules read, for the same rules on the rendered pages. */
  copyStrings: CopyString[];
}

export async function checkSources(
  options: Pick<CheckOptions, 'contentDir' | 'strict' | 'env'> & { unsaved?: UnsavedEdits; memo?: ContentMemo },
): Promise<SourceCheck> {
  const checked = await checkSourcesUnless(options, async () => false);
  if (!checked) throw new Error('a source check that cannot stop stopped');
  return checked;
}

/**
 * checkSources in steps, asking `stop` between them (it may let other work run first): undefined once it says to.
 * `site dev` runs these rules in the process that serves the pages, and an edit that comes while they run must
 * not wait for the rest of a check whose findings it makes stale.
 */
export async function checkSourcesUnless(
  options: Pick<CheckOptions, 'contentDir' | 'strict' | 'env'> & { unsaved?: UnsavedEdits; memo?: ContentMemo },
  stop: () => Promise<boolean>,
): Promise<SourceCheck | undefined> {
  const findings: Finding[] = [];
  const { config, source: configSource, errors: configErrors } = await loadCheckConfig(options.contentDir);
  findings.push(...configErrors.map((e) => fromSiteError(e)));

  // `site dev` passes the editor's unsaved edits: its check judges the content its preview shows.
  // `site dev` passes its build's memo too: the files it built are not parsed and validated again.
  const { result, sources, unparsed } = await loadContentWithSources(options.contentDir, options.env, options.unsaved, options.memo);
  if (await stop()) return undefined;
  const model: SiteModel | undefined = result.ok ? result.value : undefined;
  const contentFindings: Finding[] = [];
  const rules = contentRules(model, sources, { config, configSource, strict: options.strict, unparsed, env: options.env });
  if (!(await runSteps(rules, contentFindings, stop))) return undefined;
  // locale-keys reports the same missing/unknown locale keys as the schema, with more context: keep one.
  const covered = new Set(contentFindings.filter((f) => f.code === 'locale-keys').map((f) => `${f.location?.file}#${f.location?.path}`));
  if (!result.ok) findings.push(...result.errors.map((e) => fromSiteError(e)).filter((f) => !covered.has(`${f.location?.file}#${f.location?.path}`)));
  findings.push(...contentFindings);
  const glossary = await loadGlossary(options.contentDir);
  findings.push(...glossary.errors.map((e) => fromSiteError(e)), ...checkSchemaModelines(glossary.source ? [glossary.source] : []));
  if (model) findings.push(...checkTranslations(model, sources, glossary.glossary, await loadTranslationLock(options.contentDir), options.strict, config));
  if (await stop()) return undefined;
  const copy = await readInSteps(copyStringSteps(sources), findings, stop);
  if (!copy || !(await runSteps(copyRules(copy.read, model, glossary.glossary, { strict: options.strict }), findings, stop))) return undefined;
  return { findings, model, sources, config, copyStrings: copy.read };
}

/**
 * `site check` as a function: content rules, then (when the content loads) a build into a temporary
 * directory — or the given outDir — and the output rules over every route. Every finding at once.
 */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const { findings, model: loaded, sources, config, copyStrings } = await checkSources(options);
  if (!loaded) return { findings: sortFindings(findings), routes: 0, contentDir: options.contentDir };
  const imageFindings = await checkImages(loaded, options.contentDir, config, sources, defaultBuildCache());
  findings.push(...imageFindings);
  // A missing or unreadable image fails the build: reported once, here, at its src.
  if (imageFindings.some((f) => f.code === 'image-missing' || f.code === 'image-unreadable'))
    return { findings: sortFindings(findings), routes: 0, contentDir: options.contentDir };
  // The output is checked as a build at this moment makes it: what is not live is not there (content/publishing.ts).
  const publication: Publication = { at: options.at ?? new Date(), drafts: false };
  const model = publishedModel(loaded, publication);
  findings.push(...(await checkRedirects(options.contentDir, model)), ...(await checkGeneratedFiles(options.contentDir, model)));

  let dir = options.outDir;
  let temp: string | undefined;
  if (!dir) {
    temp = await mkdtemp(path.join(os.tmpdir(), 'site-check-'));
    dir = temp;
    const built = await buildSite({ contentDir: options.contentDir, outDir: temp, env: options.env, publication });
    if (!built.ok) {
      await rm(temp, { recursive: true, force: true });
      // Errors the content rules already reported (content/redirects.yaml's) are not repeated.
      const known = new Set(findings.map((f) => JSON.stringify([f.code, f.location, f.message])));
      findings.push(...built.errors.map((e) => fromSiteError(e)).filter((f) => !known.has(JSON.stringify([f.code, f.location, f.message]))));
      return { findings: sortFindings(findings), routes: 0, contentDir: options.contentDir };
    }
  } else if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
    findings.push(
      finding({
        code: 'route-missing',
        severity: 'error',
        message: `output directory ${dir} does not exist`,
        hint: `run \`site build --out ${dir}\` first, or leave out --out to let check build`,
      }),
    );
    return { findings: sortFindings(findings), routes: 0, contentDir: options.contentDir };
  }
  try {
    const output = await checkOutput({ outDir: dir, model, config });
    findings.push(...(await placeOutputFindings(output, dir, model, sources)));
    findings.push(...(await checkRenderedTypography(dir, model, copyStrings, options.strict)));
  } finally {
    if (temp) await Promise.all([rm(temp, { recursive: true, force: true }), removePageSources(temp)]);
  }
  return { findings: sortFindings(findings), routes: model.pages.length, output: { dir, built: Boolean(temp) }, contentDir: options.contentDir };
}

/**
 * Output findings with their place in the content: an element's through the element sources the build
 * wrote beside `dir` (only for pages whose HTML is still the one built), others by rule or page file.
 */
async function placeOutputFindings(output: readonly Finding[], dir: string, model: SiteModel, sources: readonly YamlSource[]): Promise<Finding[]> {
  const elementsFor = await readPageSources(dir);
  const html = new Map<string, Promise<string>>();
  return Promise.all(
    output.map(async (f) => {
      const entry = f.offset === undefined ? undefined : model.pages.find((p) => p.route === f.route);
      if (entry && !html.has(entry.file)) html.set(entry.file, readFile(path.join(dir, entry.file), 'utf8'));
      const elements = entry ? elementsFor(entry.file, await html.get(entry.file)!) : undefined;
      return finding({ ...f, offset: undefined, source: findingSource(f, model, sources, elements) });
    }),
  );
}
