// Loaded with `node --import` into a measured command: at exit it writes the process's own peak
// resident memory (KB, getrusage) to the file named by SITE_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.SITE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
