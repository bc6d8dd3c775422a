/** What several commands share: their common options, the content environment and the argument parsers. */
import { InvalidArgumentError, Option } from 'commander';
import type { ContentEnv } from '../content/load.ts';
import { DEFAULT_RATE_LIMIT, parseRateLimit, type RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import { messageOf, red } from './report.ts';

/** How a command hands its exit code back to `main`. */
export type SetExit = (code: number) => void;

export function contentEnv(baseUrl?: string): ContentEnv {
  return { SITE_URL: baseUrl ?? process.env.SITE_URL, SUPABASE_URL: process.env.SUPABASE_URL, SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY };
}

export const contentOption = () => new Option('--content <dir>', 'content directory').default('content');

export const dataOption = () =>
  new Option('--data <dir>', 'where contact requests are stored (PGlite); DATABASE_URL selects PostgreSQL instead').default(
    process.env.SITE_DATA_DIR || '.data',
    'SITE_DATA_DIR or .data',
  );

export const rateLimitOption = () =>
  new Option('--rate-limit <n/seconds>', 'contact requests one client address may send per window (429 beyond)')
    .argParser(parseRate)
    .env('SITE_RATE_LIMIT')
    .default(DEFAULT_RATE_LIMIT, `${DEFAULT_RATE_LIMIT.limit}/${DEFAULT_RATE_LIMIT.windowSeconds}`);

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a whole number from 0 to 65535.');
  return port;
}

function parseRate(value: string): RateLimit {
  const rate = parseRateLimit(value);
  if (!rate) throw new InvalidArgumentError('expected requests per window, e.g. 5/60 (five a minute) or 5/min.');
  return rate;
}

export const wholeNumber = (min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`expected a whole number of at least ${min}.`);
  return n;
};

/**
 * `--at`: an ISO 8601 time with an explicit offset, as publishAt in the content (content/moment.ts, imported
 * when the option is given, so commands without it do not load zod); undefined after printing a usage error.
 */
export async function parseAt(value: string): Promise<Date | undefined> {
  const { parseMoment } = await import('../content/moment.ts');
  const at = parseMoment(value);
  if (!at)
    process.stderr.write(
      red(
        `error: option '--at <time>' argument '${value}' is invalid. Expected an ISO 8601 date and time with a time zone offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z.\n`,
      ),
    );
  return at;
}

export const reportStoreError = (error: unknown) => process.stderr.write(red(`contact request not stored: ${messageOf(error)}\n`));
