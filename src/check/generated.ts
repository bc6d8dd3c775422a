import path from 'node:path';
import type { SiteModel } from '../content/model.ts';
import { staleProjectFiles } from '../output/project-files.ts';
import { finding, type Finding } from './finding.ts';

/**
 * Files `site build` generates into the project for the contact function (its languages, the privacy policy's
 * version) that no longer match the content. `site check` reports them instead of writing them: a CI gate must
 * leave the tree as it found it, and the deployed function only learns what was committed.
 */
export async function checkGeneratedFiles(contentDir: string, model: SiteModel): Promise<Finding[]> {
  const stale = await staleProjectFiles(contentDir, model);
  return stale.map((file) =>
    finding({
      code: 'generated-stale',
      severity: 'error',
      message: `${path.relative(process.cwd(), file.file)} does not match the content`,
      expected: 'the file as `site build` writes it from the content',
      found: 'a missing or older version',
      hint: 'run `site build`, then commit the file and redeploy the function',
    }),
  );
}
