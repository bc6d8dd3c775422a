/**
 * The attacks on `site dev` (issue #34): DNS rebinding, the editor launcher, a thousand event streams,
 * and hostile requests. `npm run attack` replays them against a `site dev` of the real content;
 * tests/unit/dev/dev-guard.test.ts holds the same promises.
 */
import net from 'node:net';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import { hostileSweep, type AttackResult } from './attacks.ts';
import { statusOf } from './hostile-requests.ts';
import { rawRequest } from './raw-http.ts';

export interface DevAttack {
  id: string;
  finding: string;
  run(url: string): Promise<AttackResult>;
}

const ROUTES: [string, string][] = [
  ['GET', '/'],
  ['GET', '/__site/events'],
  ['GET', '/_translations/'],
  ['GET', '/admin'],
  ['GET', '/__site/editor/api/files'],
  ['POST', '/__site/open'],
  ['POST', FUNCTION_PATH],
];

export const DEV_ATTACKS: DevAttack[] = [
  {
    id: 'dev-rebinding',
    finding: 'a foreign Host with a matching Origin (DNS rebinding) gets nothing from any site dev route',
    async run(url) {
      const { port } = new URL(url);
      const failed: string[] = [];
      for (const [method, target] of ROUTES) {
        const body = method === 'POST' ? '{"file":"/etc/passwd","line":1,"column":1}' : '';
        const head = [
          `${method} ${target} HTTP/1.1`,
          `host: attacker.example:${port}`,
          `origin: http://attacker.example:${port}`,
          'connection: close',
          ...(body ? ['content-type: application/json', `content-length: ${body.length}`] : []),
        ].join('\r\n');
        const status = await statusOf(url, head, body);
        if (status !== 403) failed.push(`${method} ${target} → ${status}`);
      }
      return { held: failed.length === 0, measured: failed.length ? failed.join('; ') : `${ROUTES.length} routes → 403 each` };
    },
  },
  {
    id: 'dev-editor-launches',
    finding: 'POST /__site/open without the session token never starts the editor, same Host and Origin or not',
    async run(url) {
      const { host } = new URL(url);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const body = '{"file":"content/site.yaml","line":1,"column":1}';
        const answer = await rawRequest(
          url,
          [
            `POST /__site/open HTTP/1.1`,
            `host: ${host}`,
            `origin: http://${host}`,
            'connection: close',
            'content-type: application/json',
            `content-length: ${body.length}`,
          ].join('\r\n'),
          body,
        );
        statuses.push(answer.status);
      }
      const opened = statuses.filter((s) => s === 200).length;
      return { held: opened === 0, measured: `20 requests without the token: ${opened} × 200, ${statuses.filter((s) => s === 403).length} × 403` };
    },
  },
  {
    id: 'dev-event-streams',
    finding: '1,005 event streams leave the pages reachable',
    async run(url) {
      const { port, host } = new URL(url);
      const sockets: net.Socket[] = [];
      let ended = 0;
      try {
        for (let i = 0; i < 1_005; i++) {
          await new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET /__site/events HTTP/1.1\r\nhost: ${host}\r\n\r\n`));
            sockets.push(socket);
            socket.once('data', () => resolve());
            socket.once('close', () => resolve());
            socket.on('error', () => resolve());
            socket.on('end', () => (ended += 1));
          });
        }
        const status = await statusOf(url, `GET / HTTP/1.1\r\nhost: ${host}\r\nconnection: close`);
        return { held: status === 200, measured: `GET / → ${status} with 1,005 streams opened (${ended} closed by the server)` };
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    },
  },
  {
    id: 'dev-hostile-sweep',
    finding: 'no request target, method or header makes site dev answer 5xx (bad percent-encodings, Origin: null)',
    run: hostileSweep,
  },
];
