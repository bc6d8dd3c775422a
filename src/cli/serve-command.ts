/** `site serve`: serve the built site and answer its contact form, storing requests in PGlite or PostgreSQL. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { LocalBackend, LocalBackendOptions } from '../server/local-backend.ts';
import type { RunningServer } from '../server/server.ts';
import { DEFAULT_LIMITS } from '../server/limits.ts';
import { untilStopped } from '../server/lifetime.ts';
import type { RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { contentOption, dataOption, parsePort, rateLimitOption, reportStoreError, wholeNumber, type SetExit } from './options.ts';
import { bold, dim, green, messageOf, red } from './report.ts';

interface ServeFlags {
  port: number;
  host: string;
  out: string;
  content: string;
  baseUrl?: string;
  data: string;
  rateLimit: RateLimit;
  trustProxy: boolean;
  backfill: boolean;
  maxConnections: number;
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  idleTimeout: number;
  maxClientConnections: number;
  tlsCert?: string;
  tlsKey?: string;
}

export function addServeCommand(program: Command, setExit: SetExit): void {
  program
    .command('serve')
    .description('serve the built site and answer its contact form (POST /functions/v1/rapid-worker)')
    .option('--port <port>', 'port to listen on', parsePort, 4321)
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--out <dir>', 'directory to serve', 'dist')
    .addOption(contentOption())
    .option('--base-url <url>', "the site's public URL, whose pages may send the contact form (default: SITE_URL or site.yaml)")
    .addOption(dataOption())
    .addOption(rateLimitOption())
    .option('--trust-proxy', 'believe X-Forwarded-For (its last entry) for the rate limit: only behind a proxy that sets it', false)
    .option('--backfill', 'also notify the sales team of requests stored before notifications were configured (SITE_NOTIFY_*)', false)
    .option(
      '--max-connections <n>',
      'open connections at most; beyond it the one idle or stalled longest is closed',
      wholeNumber(1),
      DEFAULT_LIMITS.maxConnections,
    )
    .option('--headers-timeout <ms>', 'time a client has to send its request headers', wholeNumber(1), DEFAULT_LIMITS.headersTimeoutMs)
    .option('--request-timeout <ms>', 'time a client has to send its whole request', wholeNumber(1), DEFAULT_LIMITS.requestTimeoutMs)
    .option('--keep-alive-timeout <ms>', 'time an idle connection stays open', wholeNumber(1), DEFAULT_LIMITS.keepAliveTimeoutMs)
    .option(
      '--idle-timeout <ms>',
      'time a connection may make no progress (nothing read, no answer bytes taken) before it is closed',
      wholeNumber(1),
      DEFAULT_LIMITS.idleTimeoutMs,
    )
    .option(
      '--max-client-connections <n>',
      'open connections from one client address at most (not applied with --trust-proxy: every connection comes from the proxy)',
      wholeNumber(1),
      DEFAULT_LIMITS.maxConnectionsPerClient,
    )
    .option('--tls-cert <file>', 'serve HTTP/2 (and HTTP/1.1) over TLS with this certificate (PEM); needs --tls-key')
    .option('--tls-key <file>', 'the private key (PEM) of --tls-cert')
    .action(async (opts: ServeFlags) => setExit(await serve(opts)));
}

async function serve(opts: ServeFlags): Promise<number> {
  if (Boolean(opts.tlsCert) !== Boolean(opts.tlsKey)) {
    process.stderr.write(red('--tls-cert and --tls-key go together: give both, or neither for plain HTTP\n'));
    return EXIT_USAGE;
  }
  let tls: { cert: Buffer; key: Buffer } | undefined;
  try {
    tls = opts.tlsCert && opts.tlsKey ? { cert: await readFile(opts.tlsCert), key: await readFile(opts.tlsKey) } : undefined;
  } catch (error) {
    process.stderr.write(red(`cannot read the TLS certificate or key: ${messageOf(error)}\n`));
    return EXIT_ERRORS;
  }
  // Listening from the start: Ctrl+C while the store opens stops the server as soon as it is up.
  const stopped = untilStopped();
  // Everything the server writes (the PGlite files and WAL, the lease) is readable by its owner only.
  process.umask(0o077);
  const [{ openLocalBackend }, { startServer }, { configuredSiteOrigin }] = await Promise.all([
    import('../server/local-backend.ts'),
    import('../server/server.ts'),
    import('../server/site-origin.ts'),
  ]);
  const siteOrigin = await configuredSiteOrigin(opts.content, opts.baseUrl);
  let backend: LocalBackend;
  try {
    backend = await openLocalBackend(backendOptions(opts, siteOrigin));
  } catch (error) {
    process.stderr.write(red(`${messageOf(error)}\n`));
    return EXIT_ERRORS;
  }
  let server: RunningServer;
  try {
    const limits = {
      maxConnections: opts.maxConnections,
      maxConnectionsPerClient: opts.trustProxy ? opts.maxConnections : opts.maxClientConnections,
      headersTimeoutMs: opts.headersTimeout,
      requestTimeoutMs: opts.requestTimeout,
      keepAliveTimeoutMs: opts.keepAliveTimeout,
      idleTimeoutMs: opts.idleTimeout,
    };
    server = await startServer({ root: path.resolve(opts.out), port: opts.port, host: opts.host, handlers: backend.handlers, limits, tls });
  } catch (error) {
    await backend.close();
    process.stderr.write(red(`cannot listen on ${opts.host}:${opts.port}: ${messageOf(error)}\n`));
    return EXIT_ERRORS;
  }
  await backend.publish(server.url);
  // Still served (the contact backend works without pages), but a fresh clone or a new starter has no build yet and
  // every page would answer 404 without a word.
  if (!(await stat(path.join(opts.out, 'index.html')).catch(() => undefined)))
    process.stdout.write(red(`no build in ${opts.out}/ (no index.html): every page answers 404 until \`site build\` writes it\n`));
  process.stdout.write(`${bold('serving')} ${opts.out}/ at ${green(server.url)} ${dim('(Ctrl+C to stop)')}\n`);
  process.stdout.write(dim(`contact requests go to ${backend.location} (list them with \`site leads\`)\n`));
  if (backend.notifies.length) process.stdout.write(dim(`new leads are notified by ${backend.notifies.join(' and ')}\n`));
  await stopped;
  await server.close();
  await backend.close();
  return EXIT_OK;
}

/** The contact store, its retention purge and lead notifications, each reporting on the terminal. */
function backendOptions(opts: ServeFlags, siteOrigin: string | undefined): LocalBackendOptions {
  return {
    dataDir: opts.data,
    contentDir: opts.content,
    rateLimit: opts.rateLimit,
    onStoreError: reportStoreError,
    trustProxy: opts.trustProxy,
    siteOrigins: siteOrigin ? [siteOrigin] : [],
    onNotice: (message) => process.stdout.write(dim(`${message}\n`)),
    onStored: (id, form) => process.stdout.write(`stored lead ${id} (form ${form ?? 'none'}; \`site leads show ${id}\`)\n`),
    retention: {
      onPurged: (requests, months) =>
        process.stdout.write(
          dim(`retention: deleted ${requests.length} contact request${requests.length === 1 ? '' : 's'} older than ${months} months (not kept)\n`),
        ),
      onError: (error) => process.stderr.write(red(`retention purge failed (retried in a day or at the next start): ${messageOf(error)}\n`)),
    },
    notify: {
      backfill: opts.backfill,
      onHeld: (n) =>
        process.stdout.write(
          dim(
            `${n} lead${n === 1 ? '' : 's'} stored before notifications were configured ${n === 1 ? 'is' : 'are'} not sent (\`site serve --backfill\` sends ${n === 1 ? 'it' : 'them'})\n`,
          ),
        ),
      onFailure: (id, channel, reason, givenUp) =>
        process.stderr.write(
          red(`lead notification ${id} via ${channel}: ${reason}${givenUp ? ' (given up: see `site leads --failed`)' : ' (retried later)'}\n`),
        ),
      onError: (error) => process.stderr.write(red(`lead notifications: ${messageOf(error)} (retried at the next poll)\n`)),
    },
  };
}
