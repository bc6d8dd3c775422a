import { randomUUID } from 'node:crypto';
import type { StoredContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import { storeTarget } from '../../../src/server/contact-store.ts';
import { readLeads } from '../../../src/server/leads.ts';

/** The data directory playwright.config.ts gives the test server (same default, same env override). */
export const testDataDir = process.env.SITE_TEST_DATA_DIR ?? `.data/browser-tests-${process.env.SITE_TEST_PORT ?? 4390}`;

/**
 * Rows the running test server stored for one e-mail address, read the way an operator does
 * (`site leads`: through the server's lease while it holds the PGlite directory, or from DATABASE_URL).
 */
export async function storedFor(email: string): Promise<StoredContactRequest[]> {
  return (await readLeads(testDataDir, storeTarget(testDataDir))).filter((row) => row.email === email);
}

/** A fresh address per test, so parallel tests (and earlier runs on PostgreSQL) never see each other's rows. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`;
}
