#!/usr/bin/env node
// The registry these machines reach lacks some optional platform packages (e.g. Tailwind's oxide for
// Android, Deno for Windows). npm then leaves them out of package-lock.json, and `npm ci` rejects the
// lock as out of sync. An optional entry without a resolved tarball is valid lock data: `npm ci`
// accepts it and skips the package on platforms it does not fit. This adds such entries, nothing else.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = { version: range, optional: true };
    added.push(`${name}@${range}`);
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(added.length ? `lock: stub entries for ${added.join(', ')}\n` : 'lock: complete\n');
