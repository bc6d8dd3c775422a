/**
 * The attack set against `site serve` (issue #17, SECURITY.md "Attacks we replay"): each attack is run
 * as an attacker would on 127.0.0.1 and says whether the server held. `npm run attack` replays them all
 * against a fresh server and prints a table; the unit tests run each one on its own. Every loop is
 * bounded and stops by itself.
 */
import { cp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import { sweepHostileRequests } from './hostile-requests.ts';
import { rawGet, rawRequest, type RawAnswer } from './raw-http.ts';

export interface AttackTarget {
  url: string;
  /** The server's process id: its open descriptors are counted in /proc. */
  pid: number;
  /** The directory it serves. */
  root: string;
  /** Its data directory (PGlite and the lease with the leads token). */
  dataDir: string;
  /** A served file of several MB (so a download is still running when the client aborts). */
  largeFile: string;
  /** The contact rate limit the server runs with (requests per window from one address). */
  rateLimit: number;
}

export interface AttackResult {
  held: boolean;
  measured: string;
}

export interface Attack {
  id: string;
  finding: string;
  run(target: AttackTarget): Promise<AttackResult>;
}

export const SPEC_BODY = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Erika Mustermann',
  email,
  company: 'Beispiel GmbH',
  products: 'platform,chatbot',
  subject: 'Angebot',
  message: 'Bitte rufen Sie mich an.',
  privacy_consent: true,
  ...extra,
});

/** The hostile-request sweep (hostile-requests.ts) as an attack: held when no request got a 5xx; the first findings otherwise. */
export async function hostileSweep(url: string): Promise<AttackResult> {
  const { sent, findings } = await sweepHostileRequests(url);
  const first = findings.slice(0, 5).map((f) => `${f.request} → ${f.answer}`);
  return { held: findings.length === 0, measured: findings.length ? first.join('; ') : `${sent} requests, no 5xx, each answered` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function openDescriptors(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function runPool<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** GET that the client drops as soon as the first bytes of the answer arrive. */
function abortedDownload(url: string, target: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n\r\n`));
    socket.once('data', () => socket.destroy());
    socket.once('close', () => resolve());
    socket.once('error', () => resolve());
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

export async function postContact(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { host } = new URL(url);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = Object.entries({ host, connection: 'close', 'content-type': 'application/json', 'content-length': String(bytes.byteLength), ...headers }).map(
    ([k, v]) => `${k}: ${v}`,
  );
  return rawRequest(url, [`POST ${FUNCTION_PATH} HTTP/1.1`, ...lines].join('\r\n'), bytes, 15_000);
}

/** The stored rows, read through the running server's lease-guarded leads route. */
export async function storedEmails(target: AttackTarget): Promise<string[]> {
  const lease = JSON.parse(await readFile(path.join(target.dataDir, 'serve.json'), 'utf8')) as { token: string };
  const response = await fetch(`${target.url}/__site/leads`, { headers: { authorization: `Bearer ${lease.token}` } });
  return ((await response.json()) as { email: string }[]).map((row) => row.email);
}

const run = Date.now().toString(36);

export const ATTACKS: Attack[] = [
  {
    id: 'aborted-downloads',
    finding: '1,000 downloads aborted after the first bytes leave no descriptor open',
    async run(t) {
      const baseline = await openDescriptors(t.pid);
      await runPool(1_000, 50, () => abortedDownload(t.url, t.largeFile));
      let after = await openDescriptors(t.pid);
      for (let i = 0; i < 30 && after > baseline + 10; i++) {
        await sleep(100);
        after = await openDescriptors(t.pid);
      }
      return { held: after <= baseline + 10 && alive(t.pid), measured: `open fds ${baseline} before, ${after} after` };
    },
  },
  {
    id: 'rebuild-while-serving',
    finding: 'the served folder replaced 10 times (as `site build` does) while 4 clients download: no crash, no 5xx',
    async run(t) {
      const marker = path.join(t.root, 'attack-generation.txt');
      let stop = false;
      const statuses = new Map<number, number>();
      let failures = 0;
      const paths = ['/', t.largeFile, '/robots.txt', '/attack-generation.txt'];
      const clients = Array.from({ length: 4 }, async (_, c) => {
        for (let i = 0; !stop; i++) {
          try {
            const answer = await fetch(`${t.url}${paths[(i + c) % paths.length]}`);
            await answer.arrayBuffer();
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          } catch {
            failures += 1;
          }
        }
      });
      const fresh = `${t.root}.attack-fresh`;
      await rm(fresh, { recursive: true, force: true });
      await cp(t.root, fresh, { recursive: true, verbatimSymlinks: true });
      for (let generation = 1; generation <= 10; generation++) {
        // What out-dir.ts does: the old folder renamed aside, the new one written, the old one deleted.
        const aside = `${t.root}.attack-old-${generation}`;
        await rename(t.root, aside);
        await cp(fresh, t.root, { recursive: true, verbatimSymlinks: true });
        await rm(path.join(t.root, 'attack-generation.txt'), { force: true });
        await import('node:fs/promises').then((fs) => fs.writeFile(marker, String(generation)));
        await rm(aside, { recursive: true, force: true });
        await sleep(50);
      }
      stop = true;
      await Promise.all(clients);
      await rm(fresh, { recursive: true, force: true });
      const seen = await fetch(`${t.url}/attack-generation.txt`).then(
        (r) => r.text(),
        () => '',
      );
      const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      const summary = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n}×${s}`)
        .join(', ');
      return {
        held: alive(t.pid) && fiveHundreds === 0 && failures === 0 && seen.trim() === '10',
        measured: `${summary}; ${failures} failed connections; next request sees generation ${seen.trim() || '(none)'} of 10`,
      };
    },
  },
  {
    id: 'stalled-sockets',
    finding: '5,000 sockets that never finish their headers: a fresh visitor still gets / in < 1 s',
    async run(t) {
      const { hostname, port } = new URL(t.url);
      const sockets: net.Socket[] = [];
      await runPool(
        5_000,
        200,
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), hostname, () => {
              socket.write(`GET / HTTP/1.1\r\nhost: ${hostname}\r\nx-stalled: `);
              resolve();
            });
            socket.on('error', () => resolve());
            socket.setTimeout(10_000, () => resolve());
            sockets.push(socket);
          }),
      );
      let answer: RawAnswer | undefined;
      let error = '';
      try {
        answer = await rawGet(t.url, '/', {}, 'GET');
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const stillOpen = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
      for (const socket of sockets) socket.destroy();
      return {
        held: answer?.status === 200 && answer.ms < 1_000,
        measured: answer ? `/ answered ${answer.status} in ${Math.round(answer.ms)} ms; ${stillOpen} stalled sockets still open` : `no answer: ${error}`,
      };
    },
  },
  {
    id: 'path-variants',
    finding: 'one meaning per path: encoded separators, NUL, dot segments, host files, dotfiles, symlinks',
    async run(t) {
      const cases: [string, (a: RawAnswer) => boolean][] = [
        ['/_headers', (a) => a.status === 404],
        ['/_headers/', (a) => a.status === 404],
        ['/%5Fheaders', (a) => a.status === 404],
        ['/assets/..%2f_headers', (a) => a.status === 400],
        ['/assets/..%2findex.html', (a) => a.status === 400],
        ['/assets/../index.html', (a) => a.status === 200 && !/immutable/.test(a.headers['cache-control'] ?? '')],
        ['/..%5c..%5cetc/passwd', (a) => a.status === 400],
        ['/%2e%2e/%2e%2e/etc/passwd', (a) => a.status === 404],
        ['/index.html%00.js', (a) => a.status === 400],
        ['/%ZZ', (a) => a.status === 400],
        ['/.attack-secret', (a) => a.status === 404],
        ['/%2eattack-secret', (a) => a.status === 404],
        ['/attack-passwd', (a) => a.status === 404],
        ['/attack-etc/passwd', (a) => a.status === 404],
        ['//index.html', (a) => a.status === 200],
      ];
      const failed: string[] = [];
      for (const [target, ok] of cases) {
        const answer = await rawGet(t.url, target);
        const leaked = /root:x:0|attack-secret-content/.test(answer.body.toString());
        if (!ok(answer) || leaked) failed.push(`${target} → ${answer.status}${leaked ? ' (leaked)' : ''}`);
      }
      return { held: failed.length === 0, measured: failed.length ? failed.join('; ') : `${cases.length} variants, each with its one meaning` };
    },
  },
  {
    id: 'host-header',
    finding: 'a malformed Host is a 400; a forged Host does not make a foreign origin "same-origin"',
    async run(t) {
      const failed: string[] = [];
      for (const host of ['exa mple.de', '<script>', '[::1', 'a@b', 'host:80:80', '']) {
        for (const target of ['/', FUNCTION_PATH]) {
          const answer = await rawGet(t.url, target, { host });
          if (answer.status !== 400) failed.push(`Host ${JSON.stringify(host)} ${target} → ${answer.status}`);
        }
      }
      const forged = await postContact(t.url, JSON.stringify(SPEC_BODY(`host-${run}@example.com`)), { host: 'evil.example', origin: 'http://evil.example' });
      if (forged.status !== 403) failed.push(`forged Host + Origin evil.example → ${forged.status}`);
      return { held: failed.length === 0, measured: failed.length ? failed.join('; ') : '12 malformed Host requests → 400; forged Host/Origin → 403' };
    },
  },
  {
    id: 'oversize-body',
    finding: 'a 200 MB upload is refused (413) and the socket closed without reading it',
    async run(t) {
      const { hostname, port } = new URL(t.url);
      const outcome = await new Promise<{ status: number; sent: number; ms: number }>((resolve) => {
        const started = performance.now();
        const socket = net.connect(Number(port), hostname);
        let sent = 0;
        let status = 0;
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (socket.writable && sent < 200 * 1024 * 1024) {
            sent += chunk.byteLength;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        socket.on('connect', () => {
          socket.write(
            `POST ${FUNCTION_PATH} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\ncontent-length: ${200 * 1024 * 1024}\r\n\r\n`,
          );
          pump();
        });
        socket.on('data', (data: Buffer) => (status ||= Number(/^HTTP\/1\.1 (\d+)/.exec(data.toString('latin1'))?.[1] ?? 0)));
        const end = () => resolve({ status, sent, ms: performance.now() - started });
        socket.on('close', end);
        socket.on('error', () => socket.destroy());
        socket.setTimeout(10_000, () => socket.destroy());
      });
      return {
        held: outcome.status === 413 && outcome.sent < 50 * 1024 * 1024 && outcome.ms < 5_000,
        measured: `${outcome.status}; connection closed after ${Math.round(outcome.ms)} ms, ${(outcome.sent / 1024 / 1024).toFixed(1)} MB written by the client`,
      };
    },
  },
  {
    id: 'forwarded-address',
    finding: 'rotating X-Forwarded-For / CF-Connecting-IP does not escape the rate limit (no --trust-proxy)',
    async run(t) {
      const statuses: number[] = [];
      for (let i = 0; i < t.rateLimit + 3; i++) {
        const address = `203.0.113.${i + 1}`;
        const answer = await postContact(t.url, '{}', { 'x-forwarded-for': address, 'cf-connecting-ip': address, 'x-real-ip': address });
        statuses.push(answer.status);
      }
      const limited = statuses.filter((s) => s === 429).length;
      return { held: limited >= 3, measured: `${statuses.length} requests from "${statuses.length} addresses": ${limited} answered 429` };
    },
  },
  {
    id: 'authority-target',
    finding: 'a target naming a host (//evil.example/…, http://evil.example/…) does not make Origin evil.example same-origin',
    async run(t) {
      const failed: string[] = [];
      const { host } = new URL(t.url);
      for (const target of [`//evil.example${FUNCTION_PATH}`, `http://evil.example${FUNCTION_PATH}`, `/\\evil.example${FUNCTION_PATH}`]) {
        const body = Buffer.from(JSON.stringify(SPEC_BODY(`authority-${run}@example.com`)));
        const head = [
          `POST ${target} HTTP/1.1`,
          `host: ${host}`,
          'connection: close',
          'origin: http://evil.example',
          'content-type: application/json',
          `content-length: ${body.byteLength}`,
        ].join('\r\n');
        const answer = await rawRequest(t.url, head, body);
        if (answer.status === 200 || answer.headers['access-control-allow-origin'])
          failed.push(
            `${target} → ${answer.status}${answer.headers['access-control-allow-origin'] ? ` (CORS ${answer.headers['access-control-allow-origin']})` : ''}`,
          );
      }
      return { held: failed.length === 0, measured: failed.length ? failed.join('; ') : '3 targets naming evil.example with its Origin → 403 each' };
    },
  },
  {
    id: 'slow-readers',
    finding: '110 clients that request a large file and never read it do not lock the server out',
    async run(t) {
      const { hostname, port } = new URL(t.url);
      const sockets: net.Socket[] = [];
      let answered = 0;
      await runPool(
        110,
        20,
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect({ port: Number(port), host: hostname, localAddress: '127.0.0.2' }, () =>
              socket.write(`GET ${t.largeFile} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n\r\n`),
            );
            sockets.push(socket);
            socket.once('data', () => {
              answered += 1;
              socket.pause();
              resolve();
            });
            socket.once('close', () => resolve());
            socket.on('error', () => resolve());
          }),
      );
      const stillOpen = () => sockets.filter((s) => !s.destroyed).length;
      let status = 0;
      let tries = 0;
      const started = performance.now();
      // The stalled answers count as busy until their buffers fill; then they make room.
      while (status !== 200 && tries < 100) {
        tries += 1;
        status = await rawGet(t.url, '/').then(
          (a) => a.status,
          () => 0,
        );
        if (status !== 200) await sleep(50);
      }
      const ms = performance.now() - started;
      const open = stillOpen();
      for (const socket of sockets) socket.destroy();
      return {
        held: status === 200 && alive(t.pid),
        measured: `${answered} of 110 stalled downloads started; a fresh GET / answered ${status || 'never'} after ${tries} ${tries === 1 ? 'try' : 'tries'} (${Math.round(ms)} ms); ${open} stalled sockets open on the client side`,
      };
    },
  },
  {
    id: 'hostile-sweep',
    finding: 'no request target, method or header makes site serve answer 5xx',
    run: (t) => hostileSweep(t.url),
  },
];

/** Attacks on the contact function; they need a rate limit above their own request count. */
export const CONTACT_ATTACKS: Attack[] = [
  {
    id: 'contract-without-headers',
    finding: "SPEC §7's body without x-site-form / x-site-locale is stored (200); a bad one still gets 400",
    async run(t) {
      const email = `plain-${run}@example.com`;
      const stored = await postContact(t.url, JSON.stringify(SPEC_BODY(email)));
      const bad = await postContact(t.url, JSON.stringify(SPEC_BODY(`bad-${run}@example.com`, { products: 'rocket' })));
      const rows = await storedEmails(t);
      return {
        held: stored.status === 200 && rows.includes(email) && bad.status === 400,
        measured: `spec body → ${stored.status} ${rows.includes(email) ? '(stored)' : '(not stored)'}; unknown product → ${bad.status}`,
      };
    },
  },
  {
    id: 'invalid-utf8',
    finding: 'invalid UTF-8 is refused with a readable 400, nothing stored',
    async run(t) {
      const email = `utf8-${run}@example.com`;
      const json = Buffer.from(JSON.stringify(SPEC_BODY(email, { message: 'Hallo XX Welt' })));
      const bytes = Buffer.from(json.toString('latin1').replace('XX', '\u00ff\u00fe'), 'latin1');
      const answer = await postContact(t.url, bytes);
      const rows = await storedEmails(t);
      return {
        held: answer.status === 400 && /UTF-8/.test(answer.body.toString()) && !rows.includes(email),
        measured: `${answer.status} ${answer.body.toString().trim()}${rows.includes(email) ? ' (stored!)' : ''}`,
      };
    },
  },
  {
    id: 'honeypot',
    finding: 'a tripped honeypot answers like a stored request and stores nothing; an invalid body is a 400 either way',
    async run(t) {
      const real = await postContact(t.url, JSON.stringify(SPEC_BODY(`real-${run}@example.com`)));
      const trapEmail = `trap-${run}@example.com`;
      const trapped = await postContact(t.url, JSON.stringify(SPEC_BODY(trapEmail, { homepage: 'https://spam.example' })));
      const invalid = await postContact(t.url, JSON.stringify(SPEC_BODY('not-an-address', { homepage: 'https://spam.example' })));
      const rows = await storedEmails(t);
      const shape = (a: RawAnswer) => Object.keys(JSON.parse(a.body.toString()) as object).join(',');
      const sameHeaders = Object.keys(real.headers)
        .filter((h) => h !== 'date' && h !== 'content-length')
        .every((h) => trapped.headers[h] === real.headers[h]);
      return {
        held:
          real.status === 200 && trapped.status === 200 && shape(real) === shape(trapped) && sameHeaders && !rows.includes(trapEmail) && invalid.status === 400,
        measured: `stored ${real.status} {${shape(real)}} in ${Math.round(real.ms)} ms; honeypot ${trapped.status} {${shape(trapped)}} in ${Math.round(trapped.ms)} ms${rows.includes(trapEmail) ? ' (stored!)' : ''}; invalid + honeypot ${invalid.status}`,
      };
    },
  },
  {
    id: 'security-headers',
    finding: 'every answer (page, 400, 404, 405, JSON) carries nosniff, Referrer-Policy, a frame policy, and a CSP',
    async run(t) {
      const answers: [string, RawAnswer][] = [
        ['GET /', await rawGet(t.url, '/')],
        ['GET 404', await rawGet(t.url, '/no-such-page')],
        ['POST / (405)', await rawGet(t.url, '/', {}, 'POST')],
        ['GET %2f (400)', await rawGet(t.url, '/a%2fb')],
        ['function 400', await postContact(t.url, '{')],
        ['function 415', await postContact(t.url, 'x', { 'content-type': 'text/plain' })],
        ['function 405', await rawGet(t.url, FUNCTION_PATH)],
      ];
      const missing = answers.flatMap(([name, a]) => {
        const lacks = [
          a.headers['x-content-type-options'] !== 'nosniff' && 'nosniff',
          !a.headers['referrer-policy'] && 'Referrer-Policy',
          !a.headers['x-frame-options'] && !/frame-ancestors/.test(a.headers['content-security-policy'] ?? '') && 'frame policy',
          !a.headers['content-security-policy'] && 'CSP',
        ].filter(Boolean);
        return lacks.length ? [`${name} (${a.status}) lacks ${lacks.join(', ')}`] : [];
      });
      return { held: missing.length === 0, measured: missing.length ? missing.join('; ') : `${answers.length} kinds of answer, all with the headers` };
    },
  },
  {
    id: 'data-dir-modes',
    finding: 'the data directory is 0700 and its files 0600: no other local user reads the requests',
    async run(t) {
      const loose: string[] = [];
      async function walk(dir: string): Promise<void> {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          const mode = (await stat(full)).mode & 0o777;
          if (entry.isDirectory()) {
            if (mode & 0o077) loose.push(`${path.relative(t.dataDir, full)}/ ${mode.toString(8)}`);
            await walk(full);
          } else if (mode & 0o077) loose.push(`${path.relative(t.dataDir, full)} ${mode.toString(8)}`);
        }
      }
      const rootMode = (await stat(t.dataDir)).mode & 0o777;
      if (rootMode & 0o077) loose.push(`./ ${rootMode.toString(8)}`);
      await walk(t.dataDir);
      return {
        held: loose.length === 0,
        measured: loose.length
          ? `readable by others: ${loose.slice(0, 4).join(', ')}${loose.length > 4 ? ` and ${loose.length - 4} more` : ''}`
          : 'every folder 0700, every file 0600',
      };
    },
  },
];

/**
 * A copy of a built site with what the attacks need: a large file, a dotfile, and symlinks that lead
 * out of the folder (to /etc/passwd and /etc). Returns the large file's URL path.
 */
export async function prepareAttackRoot(built: string, root: string): Promise<string> {
  const fs = await import('node:fs/promises');
  await fs.rm(root, { recursive: true, force: true });
  await fs.cp(built, root, { recursive: true });
  await fs.writeFile(path.join(root, 'attack-large.bin'), Buffer.alloc(4 * 1024 * 1024, 0x5a));
  await fs.writeFile(path.join(root, '.attack-secret'), 'attack-secret-content');
  await fs.writeFile(path.join(root, 'attack-generation.txt'), '0');
  await fs.symlink('/etc/passwd', path.join(root, 'attack-passwd'));
  await fs.symlink('/etc', path.join(root, 'attack-etc'));
  return '/attack-large.bin';
}

/** The order `npm run attack` replays them in: the rate-limit attack last, as it uses up the limit. */
export const ALL_ATTACKS: Attack[] = [
  ...CONTACT_ATTACKS,
  ...ATTACKS.filter((a) => a.id !== 'forwarded-address'),
  ...ATTACKS.filter((a) => a.id === 'forwarded-address'),
];
