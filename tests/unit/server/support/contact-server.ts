import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../../../../bench/support/certificate.ts';
import type { ContactStore } from '../../../../supabase/functions/_shared/contact-handler.ts';
import { contactRoute } from '../../../../src/server/contact-route.ts';
import { startServer, type RunningServer } from '../../../../src/server/server.ts';

export interface ContactTestServer {
  server: RunningServer;
  /** The e-mail address of every request the contact route stored, in order. */
  saved: string[];
  /** The server's self-signed certificate, for a client to trust (with `tls`). */
  cert?: Buffer;
  /** Closes the server and deletes its folder. */
  close(): Promise<void>;
}

/**
 * The set-up of the server's protocol tests: `files` (path → text, folders made as needed) served by `startServer` on an ephemeral loopback
 * port with the contact route in front, over a store that records each stored address instead of a database;
 * with `tls`, over HTTPS and HTTP/2 with a throw-away certificate.
 */
export async function contactTestServer(options: { files: Record<string, string>; allowedOrigins?: string[]; tls?: boolean }): Promise<ContactTestServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-contact-server-'));
  const root = path.join(dir, 'dist');
  await mkdir(root);
  for (const [file, text] of Object.entries(options.files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const saved: string[] = [];
  const store: ContactStore = {
    save: async (request) => {
      saved.push(request.email);
      return { id: randomUUID() };
    },
  };
  const certificate = options.tls ? await selfSignedCertificate(dir) : undefined;
  const server = await startServer({
    root,
    port: 0,
    host: '127.0.0.1',
    ...(certificate ? { tls: { cert: certificate.cert, key: await readFile(certificate.keyFile) } } : {}),
    handlers: [contactRoute({ store, allowedOrigins: options.allowedOrigins ?? [] })],
  });
  return {
    server,
    saved,
    cert: certificate?.cert,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
