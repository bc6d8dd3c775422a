import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The data directory holds what visitors typed (names, e-mail addresses, messages, the WAL): only the
 * user running the server may read it. Checked at every start: a missing directory is created 0700; an
 * existing one of ours with looser modes is tightened (folders 0700, files 0600) and the count
 * reported; one that belongs to another user, or is not a directory, is refused with a message saying
 * what to do. New files stay private because `site serve` runs with umask 077 (cli/serve-command.ts).
 */
export async function securePrivateDir(dir: string): Promise<{ tightened: number }> {
  const uid = process.getuid?.();
  const existing = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!existing) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    return { tightened: 0 };
  }
  if (!existing.isDirectory()) throw new Error(`${dir} is not a directory; pass --data <dir> with a directory for the contact requests`);
  let tightened = 0;
  async function tighten(entry: string, isDir: boolean): Promise<void> {
    const info = await lstat(entry);
    if (info.isSymbolicLink()) return; // its target is not ours to change; PGlite creates none
    if (uid !== undefined && info.uid !== uid) {
      throw new Error(`${entry} belongs to uid ${info.uid}, not to the user running site serve (uid ${uid}); fix the owner (chown -R) or pass --data <dir>`);
    }
    const want = isDir ? 0o700 : 0o600;
    if ((info.mode & 0o777 & ~want) !== 0 || (info.mode & want) !== want) {
      await chmod(entry, want);
      tightened += 1;
    }
    if (isDir) for (const child of await readdir(entry, { withFileTypes: true })) await tighten(path.join(entry, child.name), child.isDirectory());
  }
  await tighten(dir, true);
  return { tightened };
}
