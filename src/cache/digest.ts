import { createHash, hash } from 'node:crypto';

/**
 * A short digest of text for cache keys (not security): sha1, hex. One call, no Hash object: a warm build digests
 * every page's key inputs, and createHash cost several times as much per short text.
 */
export function textDigest(text: string): string {
  return hash('sha1', text, 'hex');
}

/**
 * The short content hash in the names of files named by their content (assets, props files, social cards) and in
 * translation locks: sha256, hex, the first `length` digits.
 */
export function shortDigest(data: string | Uint8Array, options: { length?: number } = {}): string {
  return createHash('sha256')
    .update(data)
    .digest('hex')
    .slice(0, options.length ?? 10);
}
