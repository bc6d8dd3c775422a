/**
 * Databases for store tests: an in-memory PGlite, and (when DATABASE_URL is set, as .ci/run does) a fresh
 * database on that PostgreSQL server, dropped afterwards. Migrations applied as `supabase db push` would,
 * optionally after creating Supabase's API roles with its default grants.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../../../src/server/pglite-template.ts';

export interface Session {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** For PostgreSQL: the URL of the fresh database (what DATABASE_URL would be for `site serve`). */
  url?: string;
}

export const SUPABASE_ROLES = `
  do $$ begin
    if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
    if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
    if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin bypassrls; end if;
  end $$;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`;

async function pgliteSession(): Promise<Session> {
  // A new in-memory database, from the stored copy of a bare one after the first (initdb is the slow part).
  const { db, remember } = await openPglite(undefined, 'bare');
  await remember();
  return { exec: async (sql) => void (await db.exec(sql)), query: async (sql, params) => (await db.query<never>(sql, params)).rows, close: () => db.close() };
}

/** A fresh database on the DATABASE_URL server (roles are cluster-wide, tables are not). */
export async function freshPostgres(url: string): Promise<Session> {
  const name = `site_privacy_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  return {
    url: target.toString(),
    exec: async (sql) => void (await client.query(sql)),
    query: async (sql, params) => (await client.query(sql, params)).rows as never[],
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const engines: { name: string; open: () => Promise<Session> }[] = [
  { name: 'PGlite', open: pgliteSession },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: () => freshPostgres(process.env.DATABASE_URL!) }] : []),
];

export async function applyMigrations(db: Session): Promise<void> {
  const dir = 'supabase/migrations';
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) await db.exec(await readFile(path.join(dir, file), 'utf8'));
}
