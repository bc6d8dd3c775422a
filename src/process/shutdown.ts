/**
 * What a command opened that outlives a single call (a worker thread, esbuild's service process) and must be closed
 * when the command's work ends. The CLI calls `closeOpened()` after every command, whether it succeeded or failed, so
 * a process exits because nothing is left open, never because a handle happened to be unref'd.
 */
const opened = new Map<string, () => Promise<void>>();

/** Registers `close` under `name` (once per name: registering again replaces it) until `closeOpened()` runs. */
export function closeWhenDone(name: string, close: () => Promise<void>): void {
  opened.set(name, close);
}

/** Closes everything registered, all at once, and forgets it; the first failure is thrown after all were tried. */
export async function closeOpened(): Promise<void> {
  const closing = [...opened.values()];
  opened.clear();
  const results = await Promise.allSettled(closing.map((close) => close()));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}
