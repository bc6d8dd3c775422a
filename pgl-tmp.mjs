import { PGlite } from '@electric-sql/pglite';
import { rmSync, writeFileSync, readFileSync } from 'node:fs';
const mode = process.argv[2];
let t=performance.now();
if (mode === 'make') {
  const db = await PGlite.create();
  await db.exec('create table x (a int); insert into x values (1)');
  for (const c of ['none','gzip']) { const d = await db.dumpDataDir(c); writeFileSync('/tmp/tpl-'+c+'.tar', Buffer.from(await d.arrayBuffer())); }
} else {
  rmSync('/tmp/pgdisk', { recursive: true, force: true });
  const opts = mode === 'init' ? {} : { loadDataDir: new Blob([readFileSync('/tmp/tpl-'+mode+'.tar')]) };
  const db = await PGlite.create('/tmp/pgdisk', opts);
  const r = mode==='init' ? 'n/a' : (await db.query('select a from x')).rows[0].a;
  console.log(mode, (performance.now()-t).toFixed(0), 'ms', r);
  await db.close();
  const db2 = await PGlite.create('/tmp/pgdisk');
  console.log('reopen ok', (await db2.query('select 1 as v')).rows[0].v); await db2.close();
}
