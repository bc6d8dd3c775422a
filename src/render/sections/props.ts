import type { SectionOf } from '../../schema/sections/index.ts';
import type { Section } from '../../schema/sections/index.ts';
import type { RenderContext } from '../context.ts';

/** What every section component receives: its content, the page context and its heading level. */
export interface SectionProps<T extends Section['type']> {
  section: SectionOf<T>;
  ctx: RenderContext;
  /** The page's first section carries the page's only h1. */
  level: 1 | 2;
  headingId: string;
}
