import { z } from 'zod';
import { AnchorId, Text, Tone } from '../text.ts';

/** Fields every section has: an optional anchor id, a background tone and a heading block. */
export const sectionBase = {
  id: AnchorId.optional(),
  tone: Tone,
  eyebrow: Text.optional(),
};

/** Names of things in site.yaml that sections may point at; enums built from them give exact errors. */
export interface SchemaContext {
  plans: readonly string[];
  savings: readonly string[];
}

export function keyOf(names: readonly string[], what: string) {
  if (names.length === 0) return z.never({ message: `no ${what} are defined in site.yaml` });
  return z.enum(names as [string, ...string[]]);
}
