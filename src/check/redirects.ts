import path from 'node:path';
import type { SiteModel } from '../content/model.ts';
import { addressOf, loadRedirects, type Redirect } from '../content/redirects.ts';
import { readRoutesLock, routesLockPath } from '../output/routes-lock.ts';
import { finding, fromSiteError, type Finding } from './finding.ts';

/**
 * The redirect rules of `site check` (docs/authoring/publishing.md, Redirects): content/redirects.yaml's own errors, loops, chains
 * longer than one hop, targets that are no live page, old addresses that shadow a live page, and URLs of
 * routes.lock that vanished without a redirect. Every finding at its line in the file it is about. `model` is
 * the model at the check's moment (content/publishing.ts): a target that is not live yet is no target.
 */
export async function checkRedirects(contentDir: string, model: SiteModel): Promise<Finding[]> {
  const { redirects, errors } = await loadRedirects(contentDir, model.site);
  const out = errors.map((e) => fromSiteError(e));
  const routes = new Map(model.pages.map((p) => [p.route, p]));
  // A rule whose old address is a live page's does not apply (the page wins; reported below): chains pass it by.
  const bySource = new Map(redirects.filter((r) => !routes.has(r.from)).map((r) => [r.from, r]));
  for (const redirect of redirects) {
    const page = routes.get(redirect.from);
    if (page) {
      out.push(
        finding({
          code: 'redirect-shadow',
          severity: 'error',
          message: `the redirect from ${redirect.from} shadows the page there (${page.source})`,
          location: redirect.at('from'),
          expected: 'an old address no page has',
          found: `${redirect.from}, the route of ${page.source}`,
          hint: 'remove the redirect (the page is back), or give the page another slug',
        }),
      );
      continue;
    }
    if (!redirect.to.startsWith('/')) continue;
    const target = addressOf(redirect.to.split('#')[0]!);
    if (bySource.has(target)) {
      out.push(followChain(redirect, target, bySource));
      continue;
    }
    if (routes.has(target)) continue;
    const withheld = model.withheld?.find((w) => w.route === target);
    out.push(
      finding({
        code: 'redirect-target',
        severity: 'error',
        message: withheld
          ? `the redirect from ${redirect.from} leads to ${target}, which is not live at this moment (${withheld.why.state})`
          : `the redirect from ${redirect.from} leads to ${target}, which is no page of the site`,
        location: redirect.at('to'),
        expected: 'the route of a live page, or an https:// URL',
        found: target,
        hint: withheld ? `publish ${withheld.source} first, or point the redirect at a live page` : 'fix the target, or add the page',
      }),
    );
  }
  out.push(...(await vanishedRoutes(contentDir, model, bySource)));
  return out;
}

/** A loop (the chain comes back to an address it passed) or a chain of more than one hop, at the first rule's `to`. */
function followChain(redirect: Redirect, target: string, bySource: ReadonlyMap<string, Redirect>): Finding {
  const hops = [redirect.from, target];
  let next = bySource.get(target);
  while (next) {
    const to = next.to.startsWith('/') ? addressOf(next.to.split('#')[0]!) : next.to;
    const loops = hops.includes(to);
    hops.push(to);
    if (loops) {
      return finding({
        code: 'redirect-loop',
        severity: 'error',
        message: `the redirect from ${redirect.from} loops: ${hops.join(' → ')}`,
        location: redirect.at('to'),
        expected: 'a redirect that ends at a page',
        found: hops.join(' → '),
        hint: 'point one of these rules at the page the address should show',
      });
    }
    next = bySource.get(to);
  }
  const end = hops[hops.length - 1]!;
  return finding({
    code: 'redirect-chain',
    severity: 'error',
    message: `the redirect from ${redirect.from} leads to ${target}, which redirects again: ${hops.join(' → ')}`,
    location: redirect.at('to'),
    expected: 'one hop: every old address straight to where it ends',
    found: hops.join(' → '),
    hint: `point it at ${end} directly (each hop costs the visitor a round trip and search engines may stop following)`,
  });
}

/** route-vanished: a URL in routes.lock (beside the content folder) that is now neither a live page nor redirected. */
async function vanishedRoutes(contentDir: string, model: SiteModel, bySource: ReadonlyMap<string, Redirect>): Promise<Finding[]> {
  const file = routesLockPath(contentDir);
  const locked = await readRoutesLock(file);
  if (!locked) return [];
  const routes = new Set(model.pages.map((p) => p.route));
  // The lock lives beside the content folder; findings name files relative to the content folder.
  const relative = path.relative(path.resolve(contentDir), file).split(path.sep).join('/');
  return locked
    .filter(({ route }) => !routes.has(route) && !bySource.has(addressOf(route)))
    .map(({ route, line }) => {
      const withheld = model.withheld?.find((w) => w.route === route);
      return finding({
        code: 'route-vanished',
        severity: 'error',
        message: withheld
          ? `${route} was published and is not live now (${withheld.source}: ${withheld.why.state}), with no redirect`
          : `${route} was published and is gone, with no redirect`,
        location: { file: relative, line, column: 1 },
        expected: `a page at ${route}, or a redirect from it in content/redirects.yaml`,
        found: 'neither',
        hint: `add "- { from: ${route}, to: /new-address }" to content/redirects.yaml; delete the line from ${path.basename(file)} only if the URL is gone for good`,
      });
    });
}
