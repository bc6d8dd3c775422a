import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A throw-away self-signed certificate for localhost and 127.0.0.1, valid for a day, made with openssl in `dir`:
 * for serving HTTPS and HTTP/2 to a local client that trusts `cert` (the audit's browser, the TLS tests).
 */
export async function selfSignedCertificate(dir: string): Promise<{ certFile: string; keyFile: string; cert: Buffer }> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject, '-keyout', keyFile, '-out', certFile]);
  return { certFile, keyFile, cert: await readFile(certFile) };
}
