import type { SiteModel } from '../content/model.ts';
import { locate, type YamlSource } from '../content/yaml-source.ts';
import { finding, type Finding } from './finding.ts';

/**
 * header-menu: the navigation bar a page picks (`header: business`) is a list in its locale file
 * (`header.menus.business`); a page whose locale has no such list would render a bar without links.
 * Whether each link's target exists is checked on the built pages (link-broken, anchor-missing).
 */
export function checkHeaderMenus(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  const out: Finding[] = [];
  for (const entry of model.pages) {
    const variant = entry.page.header;
    const menus = model.locales[entry.locale]?.header.menus;
    if (!menus || menus[variant]) continue;
    const source = sources.find((s) => s.file === entry.source);
    out.push(
      finding({
        code: 'header-menu',
        severity: 'error',
        message: `header: ${variant} has no menu in locales/${entry.locale}.yaml`,
        location: source ? locate(source, ['header']) : { file: entry.source },
        expected: `a list header.menus.${variant} in locales/${entry.locale}.yaml (variants there: ${Object.keys(menus).join(', ') || 'none'})`,
        found: variant,
        hint: `add header.menus.${variant} (entries { label, href }) to locales/${entry.locale}.yaml, or pick a variant it has`,
      }),
    );
  }
  return out;
}
