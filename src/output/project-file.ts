import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder of the contact function's code beside the content folder; a project without one gets no generated files. */
export const FUNCTIONS_DIR = 'supabase/functions';

/** A file `site build` generates into the project (absolute path) and the text it should have. */
export interface ProjectFile {
  file: string;
  text: string;
}

/** The project a content folder belongs to: the folder that holds it. */
export const projectOf = (contentDir: string): string => path.dirname(path.resolve(contentDir));

/**
 * The file at `relative` (to the project) with `text`, when the project has a function folder and the file does not
 * hold that text (missing, or the content changed since the last `site build`); else undefined. Content without a
 * function folder (a test fixture, a benchmark site) has no function to tell.
 */
export async function staleProjectFile(contentDir: string, relative: string, text: string): Promise<ProjectFile | undefined> {
  const project = projectOf(contentDir);
  if (!existsSync(path.join(project, FUNCTIONS_DIR))) return undefined;
  const file = path.join(project, relative);
  return (await readFile(file, 'utf8').catch(() => undefined)) === text ? undefined : { file, text };
}

/**
 * Writes a stale file; returns its path, or undefined when there was nothing to write. Only a changed text is written,
 * so `site dev` (which restarts on changes under supabase/functions/_shared) is not restarted by every build; written
 * aside and renamed, so the function's bundler or the CLI never reads half a file.
 */
export async function writeProjectFile(stale: ProjectFile | undefined): Promise<string | undefined> {
  if (!stale) return undefined;
  const { file, text } = stale;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
  return file;
}
