// Loaded with `node --import` into a measured command: at exit it writes the process's own peak resident memory (KB)
// to the file named by SITE_BENCH_RSS_FILE. On Linux from /proc/self/status (VmHWM, this program's memory since its
// exec): getrusage's maxRSS carries over the parent's peak across fork and exec, so every child of the bench process
// read at least the bench's own size (93 MB for `site --version`, which peaks at 51 MB).
import { readFileSync, writeFileSync } from 'node:fs';

function peakKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // Not Linux: the rusage figure, a floor of the parent's peak.
  }
  return process.resourceUsage().maxRSS;
}

const file = process.env.SITE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(peakKb())));
