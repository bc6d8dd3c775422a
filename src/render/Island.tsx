import { createContext, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { showErrorScreen } from '../islands/error-screen.ts';
import { IslandBoundary } from '../islands/IslandBoundary.tsx';
import type { HydrateStrategy } from '../islands/protocol.ts';
import { islandComponents, type IslandName, type IslandProps } from '../islands/registry.ts';
import { islandPropsUrl } from './island-props-url.ts';

/** The props files of one page's islands (URL → JSON), as its islands render: renderRoute hands them to the build to write. */
export type IslandPropsFiles = Map<string, string>;

export const IslandPropsContext = createContext<IslandPropsFiles | undefined>(undefined);

/**
 * Server side of the island protocol: the island renders as its own React root (so its ids match
 * the browser's hydrateRoot), and its props, the same object, go into a file of their own that the
 * element names. They are not needed before the island wakes, so they stay out of the HTML, whose
 * bytes decide whether a page arrives in the first round trip.
 */
export function Island<N extends IslandName>({
  name,
  instance,
  props,
  hydrate,
}: {
  name: N;
  /** Unique on the page; becomes the React id prefix. */
  instance: string;
  props: IslandProps<N>;
  hydrate: HydrateStrategy;
}) {
  // Indexing the registry with a generic name loses the props pairing; IslandProps<N> restores it.
  const Component = islandComponents[name] as unknown as ComponentType<Record<string, unknown>>;
  const prefix = `${instance}-`;
  const files = useContext(IslandPropsContext);
  // Without a collector nobody would write the file the element names: the island would fail to wake.
  if (!files) throw new Error(`island '${name}' (instance '${instance}') rendered outside renderRoute: its props file would not be written`);
  const json = JSON.stringify(props);
  const propsUrl = islandPropsUrl(name, json);
  files.set(propsUrl, json);
  let html: string;
  try {
    html = renderToString(
      // The same tree the browser hydrates; the server never shows the error screen (it fails the build).
      <IslandBoundary showErrorScreen={showErrorScreen}>
        <Component {...(props as unknown as Record<string, unknown>)} />
      </IslandBoundary>,
      { identifierPrefix: prefix },
    );
  } catch (error) {
    // Server rendering ignores error boundaries: fail the build, naming the island, rather than ship a broken page.
    throw new Error(`island '${name}' (instance '${instance}') failed to render: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return <div data-island={name} data-hydrate={hydrate} data-prefix={prefix} data-props-src={propsUrl} dangerouslySetInnerHTML={{ __html: html }} />;
}
