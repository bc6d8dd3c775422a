import { readFileSync } from 'node:fs';

export type StopReason = 'SIGINT' | 'SIGTERM' | 'parent exited';

/** How often a long-running command looks whether the process that started it is still there. */
const PARENT_POLL_MS = 500;

/**
 * The parent's process id as the kernel sees it now. Node's `process.ppid` is read once at start, so it
 * never changes; on Linux /proc/self/stat has the live value (a child whose parent dies is handed to
 * init or a subreaper at once, even while the dead parent waits to be reaped). Elsewhere: the start
 * value while a signal 0 still reaches it.
 */
function currentParent(initial: number): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      process.kill(initial, 0);
      return initial;
    } catch {
      return undefined;
    }
  }
}

/**
 * Resolves when a long-running command (`site serve`, `site dev` and its child) should stop: Ctrl+C,
 * SIGTERM, or the process that started it ended, even by SIGKILL, which it cannot pass on. Without the
 * last, a server whose parent was killed keeps its port until someone finds and kills it by hand.
 */
export function untilStopped(): Promise<StopReason> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const done = (reason: StopReason) => {
      clearInterval(poll);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(reason);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const poll = setInterval(() => {
      if (currentParent(parent) !== parent) done('parent exited');
    }, PARENT_POLL_MS);
    // The poll alone never keeps the process alive: the server does, until it closes.
    poll.unref();
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}
