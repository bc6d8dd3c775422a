/** What /proc says of a process the benches started: its memory and CPU, and `site dev`'s server under its supervisor. */
import { readFileSync } from 'node:fs';

/** Resident memory now and its peak (kB), and CPU time so far (user + sys, s). */
export function processStatus(pid: number): { rss: number; hwm: number; cpu: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), cpu: (Number(stat[11]) + Number(stat[12])) / 100 };
}

/** `site dev` serves from a child of its supervisor (dev/supervisor.ts): that child's pid, once it runs. */
export function siteDevChild(supervisor: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('site.js'));
  } catch {
    // The supervisor or the child exited meanwhile: the caller's wait sees the exit.
    return undefined;
  }
}
