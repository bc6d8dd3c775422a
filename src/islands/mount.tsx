import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ShowErrorScreen } from './error-screen.ts';
import { IslandBoundary } from './IslandBoundary.tsx';
import { HYDRATED_ATTRIBUTE } from './protocol.ts';

/** Hydrates one island root with the same tree and id prefix the server rendered; resolves once mounted. */
export function mount(
  element: HTMLElement,
  Island: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  prefix: string,
  showErrorScreen: ShowErrorScreen,
): Promise<void> {
  return new Promise((resolve) => {
    const mounted = () => {
      element.setAttribute(HYDRATED_ATTRIBUTE, '');
      resolve();
    };
    hydrateRoot(
      element,
      <IslandBoundary showErrorScreen={showErrorScreen} onMounted={mounted}>
        <Island {...props} />
      </IslandBoundary>,
      { identifierPrefix: prefix },
    );
  });
}
