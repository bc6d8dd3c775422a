import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContactStore } from '../../supabase/functions/_shared/contact-handler.ts';
import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { PRIVACY_POLICY } from '../../supabase/functions/_shared/generated/privacy-policy.ts';
import { packageRoot } from '../package-root.ts';
import { contactPrivacy, type ContactPrivacy } from './contact-privacy.ts';
import { leadOutbox, type LeadOutbox } from './lead-outbox.ts';

const migrationsDir = path.join(packageRoot, 'supabase/migrations');

/** The store behind `site serve` and `site leads`: the function's table in PGlite or PostgreSQL. */
export interface LocalContactStore extends ContactStore {
  /** Where the rows live, for people: a directory or a connection URL without its password. */
  readonly location: string;
  /** Every stored request, oldest first. */
  list(): Promise<StoredContactRequest[]>;
  /** Export, erasure, keep and purge (the privacy policy's promises). */
  readonly privacy: ContactPrivacy;
  /** The new-lead notifications waiting to be delivered (server/lead-notifier.ts). */
  readonly outbox: LeadOutbox;
  close(): Promise<void>;
}

export type StoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The smallest SQL surface both engines offer. */
interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `work` in one transaction holding the migration lock. */
  migrate(work: (exec: (script: string) => Promise<void>, query: Sql['query']) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** Called once the database is migrated (PGlite keeps a new one as the copy the next new one starts from). */
  migrated?(): Promise<void>;
}

async function pgliteSql(dataDir: string): Promise<Sql> {
  await mkdir(dataDir, { recursive: true });
  // Each engine is loaded only when chosen: a server on PostgreSQL never pays for PGlite's WASM.
  const { openPglite, migrationsState } = await import('./pglite-template.ts');
  const { db, remember } = await openPglite(dataDir, await migrationsState(migrationsDir));
  return {
    migrated: remember,
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    migrate: (work) =>
      db.transaction(async (tx) => {
        await work(
          async (script) => void (await tx.exec(script)),
          async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        );
      }),
    close: () => db.close(),
  };
}

async function pgSql(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  // Bounded waits: an unreachable or silent server must turn into a 503 within seconds, never a hung request.
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
  // An idle connection dropped by the server must not crash `site serve`; the next query reconnects
  // or fails, and a failed save answers 503.
  pool.on('error', () => {});
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    async migrate(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Two servers starting at once must not both apply a migration.
        await client.query("select pg_advisory_xact_lock(hashtext('site_migrations'))");
        await work(
          async (script) => void (await client.query(script)),
          async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A database the Supabase CLI migrates (`supabase db push` records each file's version in
 * supabase_migrations.schema_migrations): `site leads` may work on it through DATABASE_URL, but never
 * applies a migration there itself. Returns the files still missing there, or undefined elsewhere.
 */
async function missingOnSupabase(query: Sql['query'], files: readonly string[]): Promise<string[] | undefined> {
  const [{ managed } = { managed: false }] = await query<{ managed: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as managed",
  );
  if (!managed) return undefined;
  const applied = new Set((await query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map((r) => r.version));
  return files.filter((file) => !applied.has(file.split('_')[0]!));
}

/** Applies supabase/migrations/*.sql in name order, each once, recorded in site_migrations. */
async function applyMigrations(sql: Sql): Promise<void> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const missing = await missingOnSupabase(sql.query, files);
  if (missing?.length) throw new Error(`this database is migrated by the Supabase CLI and lacks ${missing.join(', ')}: run \`npx supabase db push\` first`);
  if (missing) return;
  await sql.migrate(async (exec, query) => {
    await exec('create table if not exists site_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await query<{ name: string }>('select name from site_migrations')).map((r) => r.name));
    for (const file of files.filter((f) => !done.has(f))) {
      await exec(await readFile(path.join(migrationsDir, file), 'utf8'));
      await query('insert into site_migrations (name) values ($1)', [file]);
    }
  });
}

/**
 * The typed columns are read as their UTF-8 bytes and decoded here: PGlite's protocol decoder drops a
 * leading U+FEFF from every text value it reads, and a stored request must read back byte for byte.
 */
const TYPED = ['name', 'email', 'company', 'products', 'subject', 'message'] as const;
const COLUMNS = `id, created_at, ${TYPED.map((c) => `convert_to(${c}, 'UTF8') as ${c}`).join(', ')}, privacy_consent, form_variant, locale`;
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
type RawRow = Omit<StoredContactRequest, 'created_at' | (typeof TYPED)[number]> & { created_at: Date | string } & Record<
    (typeof TYPED)[number],
    Uint8Array | null
  >;

function decodeRow(row: RawRow): StoredContactRequest {
  const text = (bytes: Uint8Array | null) => (bytes === null ? null : utf8.decode(bytes));
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    name: text(row.name)!,
    email: text(row.email)!,
    company: text(row.company),
    products: text(row.products),
    subject: text(row.subject),
    message: text(row.message)!,
    privacy_consent: row.privacy_consent,
    form_variant: row.form_variant,
    locale: row.locale,
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Opens (creating and migrating when needed) the store; PGlite's first open takes a few seconds. */
export async function openContactStore(target: StoreTarget): Promise<LocalContactStore> {
  const sql = target.kind === 'pglite' ? await pgliteSql(target.dataDir) : await pgSql(target.url);
  try {
    await applyMigrations(sql);
    await sql.migrated?.();
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  return {
    location: target.kind === 'pglite' ? path.resolve(target.dataDir) : redact(target.url),
    async save(request, source) {
      const rows = await sql.query<{ id: string }>(
        `insert into public.contact_requests (name, email, company, products, subject, message, privacy_consent, form_variant, locale, policy_version, retention_months)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          request.name,
          request.email,
          request.company ?? null,
          request.products ?? null,
          request.subject ?? null,
          request.message,
          request.privacy_consent,
          source?.form ?? null,
          source?.locale ?? null,
          PRIVACY_POLICY.version,
          PRIVACY_POLICY.contactRetentionMonths,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('insert returned no id');
      return { id };
    },
    async list() {
      return (await sql.query<RawRow>(`select ${COLUMNS} from public.contact_requests order by created_at, id`)).map(decodeRow);
    },
    privacy: contactPrivacy(sql.query),
    outbox: leadOutbox(sql.query, async (ids) =>
      (await sql.query<RawRow>(`select ${COLUMNS} from public.contact_requests where id = any($1::uuid[])`, [ids])).map(decodeRow),
    ),
    close: () => sql.close(),
  };
}

/** DATABASE_URL wins; otherwise PGlite under the data directory. */
export function storeTarget(dataDir: string, databaseUrl = process.env.DATABASE_URL): StoreTarget {
  return databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
}
