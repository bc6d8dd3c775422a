import { buildImages, type ImageReport, type ImageUse } from '../assets/images.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { CheckConfig } from '../content/check-config.ts';
import type { SiteModel } from '../content/model.ts';
import { locate, type YamlSource } from '../content/yaml-source.ts';
import type { SourceLocation } from '../errors/site-error.ts';
import { finding, fromSiteError, type Finding } from './finding.ts';

/**
 * `site check`'s image rules, from the images as the build makes them (cached: a checked build encodes
 * nothing twice): a missing or unreadable file (error), an image over the byte budget of check.yaml
 * (`budgets.image`, error), and a source more than twice as wide as the widest slot it fills (warning:
 * a 2× screen never needs more; the build scales it down, but the repository carries the weight).
 * Each is reported at the image's `src` in the page file of its first use. (Missing alt text is the
 * schema's: a content error at the image.)
 */
export async function checkImages(
  model: SiteModel,
  contentDir: string,
  config: CheckConfig,
  sources: readonly YamlSource[],
  cache: BuildCache,
): Promise<Finding[]> {
  const built = await buildImages(model, contentDir, cache);
  const out: Finding[] = built.errors.map((error) => fromSiteError(error));
  const at = (use: ImageUse): SourceLocation => {
    const source = sources.find((s) => s.file === use.entry.source);
    return source ? locate(source, [...use.path, 'src']) : { file: use.entry.source };
  };
  for (const report of built.reports) {
    const use = report.uses[0]!;
    const elsewhere = report.uses.length > 1 ? ` (used ${report.uses.length} times; shown here at its first use)` : '';
    if (report.sourceWidth > 2 * report.largestSlot) {
      out.push(
        finding({
          code: 'image-oversize',
          severity: 'warning',
          message: `image '${report.src}' is ${report.sourceWidth} px wide, more than twice the widest it is shown (${report.largestSlot} px)${elsewhere}`,
          location: at(use),
          expected: `at most ${2 * report.largestSlot} px wide (2× for high-density screens)`,
          found: `${report.sourceWidth} px`,
          hint: `scale the file down to ${2 * report.largestSlot} px wide: the repository and every fresh build carry the extra pixels for nothing`,
        }),
      );
    }
    const limit = config.budgets.image;
    if (limit !== undefined && report.heaviest.bytes > limit * 1024) out.push(overBudget(report, limit, at(use), elsewhere));
  }
  return out;
}

function overBudget(report: ImageReport, limit: number, location: SourceLocation, elsewhere: string): Finding {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return finding({
    code: 'image-budget',
    severity: 'error',
    message: `image '${report.src}' is served as up to ${kb(report.heaviest.bytes)}, over the image budget of ${kb(limit * 1024)}${elsewhere}`,
    location,
    element: report.heaviest.url,
    expected: `≤ ${kb(limit * 1024)} per file (budgets.image in check.yaml)`,
    found: `${kb(report.heaviest.bytes)} (${report.heaviest.bytes} bytes)`,
    hint: 'crop it (aspect, focus), simplify it, or raise budgets.image in content/check.yaml with a reason',
  });
}
