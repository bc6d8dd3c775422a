import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { showErrorScreen } from '../islands/error-screen.ts';
import { IslandBoundary } from '../islands/IslandBoundary.tsx';
import type { HydrateStrategy } from '../islands/protocol.ts';
import { islandComponents, type IslandName, type IslandProps } from '../islands/registry.ts';

/**
 * Server side of the island protocol: the island renders as its own React root (so its ids match
 * the browser's hydrateRoot), and its props are serialised next to it from the same object.
 */
export function Island<N extends IslandName>({ name, instance, props, hydrate }: {
  name: N;
  /** Unique on the page; becomes the React id prefix. */
  instance: string;
  props: IslandProps<N>;
  hydrate: HydrateStrategy;
}) {
  // Indexing the registry with a generic name loses the props pairing; IslandProps<N> restores it.
  const Component = islandComponents[name] as unknown as ComponentType<Record<string, unknown>>;
  const prefix = `${instance}-`;
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
  return (
    <div
      data-island={name}
      data-hydrate={hydrate}
      data-prefix={prefix}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
