import { shortDigest } from '../cache/digest.ts';

/**
 * An island's props file is named by its content: pages whose islands get the same props (a locale's contact
 * form, its chat demo) share one file, and a browser that has it never fetches it again. Apart from Island.tsx, so the
 * build can tell a props file in its output folder from a changed one without importing React.
 */
export function islandPropsUrl(name: string, json: string): string {
  return `/assets/${name}-props-${shortDigest(json)}.json`;
}

const PROPS_URL = /^\/assets\/(.+)-props-[0-9a-f]{10}\.json$/;

/** Whether `json` is the text of the props file at `url` (its name is that text's). */
export function isPropsFile(url: string, json: string): boolean {
  const name = PROPS_URL.exec(url)?.[1];
  return name !== undefined && islandPropsUrl(name, json) === url;
}
