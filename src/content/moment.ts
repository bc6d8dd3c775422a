import { IsoInstant } from '../schema/publishing.ts';

// Apart from publishing.ts, which every build imports: only `--at` needs the schema (and so zod) to read a moment.

/** A `--at` value: an ISO 8601 time with its offset, as in the content; undefined when it is not one. */
export function parseMoment(value: string): Date | undefined {
  return IsoInstant.safeParse(value).success ? new Date(Date.parse(value)) : undefined;
}
