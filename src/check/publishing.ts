import type { SiteModel } from '../content/model.ts';
import type { WithheldPage } from '../content/model.ts';

/** The page a built link points at that the build left out (draft, scheduled or expired), if it is one. */
export function withheldTarget(model: SiteModel, urlPath: string): WithheldPage | undefined {
  const route = `/${decodeURIComponent(urlPath).replace(/^\/+|\/+$/g, '')}`;
  return model.withheld?.find((page) => page.route === route);
}

/** What `link-unpublished` says about a live page linking to a page that is not live at the build's moment. */
export function describeWithheldLink(href: string, target: WithheldPage): { message: string; expected: string; found: string; hint: string } {
  const { why } = target;
  const state = why.state === 'draft' ? 'a draft' : why.state === 'scheduled' ? `scheduled for ${why.at}` : `unpublished since ${why.at}`;
  return {
    message: `link to ${href}, which is not live at this build's moment (${state})`,
    expected: 'links from live pages only to live pages',
    found: `${target.source}: ${state}`,
    hint:
      why.state === 'scheduled'
        ? `give this section the same publishAt (${why.at}), or link to the page once it is live; \`site check --at ${why.at}\` checks the site as it will be`
        : 'remove the link, or publish the page it points at',
  };
}
