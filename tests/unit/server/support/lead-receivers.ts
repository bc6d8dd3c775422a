/**
 * Real local receivers for lead notifications: an HTTP webhook endpoint and an SMTP server
 * (smtp-server, the library nodemailer's authors test with), both on 127.0.0.1, recording what arrives.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { scaled } from '../../../support/time-scale.ts';

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  deliveries: Delivery[];
  /** Distinct idempotency keys of the deliveries it accepted (what a receiver that de-duplicates keeps). */
  ids(): Set<string>;
  /** The status (and headers) it answers with from now on (default 200); 'hang' never answers. */
  answer(status: number | 'hang', headers?: Record<string, string>): void;
  /** How many deliveries it has received and is holding unanswered ('hang'). */
  held(): number;
  close(): Promise<void>;
}

export async function webhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  let status: number | 'hang' = 200;
  let answerHeaders: Record<string, string> = {};
  let held = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (status === 'hang') return void held++;
      deliveries.push({ headers: req.headers, body, status });
      res.writeHead(status, answerHeaders).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    deliveries,
    ids: () => new Set(deliveries.filter((d) => d.status < 300).map((d) => String(d.headers['idempotency-key']))),
    answer: (next, headers = {}) => {
      status = next;
      answerHeaders = headers;
    },
    held: () => held,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function smtpCapture(credentials: { user: string; pass: string }): Promise<{ url: string; mails: CapturedMail[]; close(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    // Plain-text login on a local test port (nodemailer does not upgrade without a certificate).
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `condition` holds, looking every `every` ms; throws after `ms`, stretched by the declared load. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, every = 25): Promise<void> {
  const end = Date.now() + scaled(ms);
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, every));
  }
}
