import { createContext, useContext } from 'react';
import type { RenderContext } from './context.ts';
import { linkLanguage, type LinkLanguage } from './link-language.ts';

/**
 * The page being rendered, for components deep in the tree that render from site-wide data (the offer
 * blocks inside rich text, a link that says which language it opens in) without threading it through
 * every component. Absent outside a page render (the islands' own renders).
 */
const PageContext = createContext<RenderContext | undefined>(undefined);
export const PageContextProvider = PageContext.Provider;

export function usePageContext(): RenderContext | undefined {
  return useContext(PageContext);
}

/** Which links of the page being rendered open a page in another language (link-language.ts). */
export function useLinkLanguage(): ((href: string) => LinkLanguage | undefined) | undefined {
  const ctx = usePageContext();
  return ctx ? (href) => linkLanguage(ctx.model, ctx.entry, href) : undefined;
}
