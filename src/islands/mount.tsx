import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandBoundary } from './IslandBoundary.tsx';
import { HYDRATED_ATTRIBUTE } from './protocol.ts';

/** Hydrates one island root with the same tree and id prefix the server rendered. */
export function mount(element: HTMLElement, Island: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, prefix: string): void {
  hydrateRoot(
    element,
    <IslandBoundary onMounted={() => element.setAttribute(HYDRATED_ATTRIBUTE, '')}>
      <Island {...props} />
    </IslandBoundary>,
    { identifierPrefix: prefix },
  );
}
