/**
 * Every form shape of SPEC §3 in the browser, including those whose pages are not in the content yet:
 * a worker builds a small site from the real site.yaml and locales plus one generated page per shape,
 * serves it with the same contact route and a store of its own (PGlite; PostgreSQL with DATABASE_URL),
 * and reads rows back from that store directly. Pages that do exist are covered in contact-forms.spec.ts.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { stringify } from 'yaml';
import { buildSite } from '../../src/output/build.ts';
import { contactRoute } from '../../src/server/contact-route.ts';
import { openContactStore, storeTarget, type LocalContactStore } from '../../src/server/contact-store.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import type { ContactFormConfig } from '../../src/schema/sections/contact.ts';
import { acceptCookies, submitAndVerify, type FormRoute } from './support/forms.ts';

const shapes: { slug: string; locale?: 'de' | 'es'; form: Partial<ContactFormConfig>; expect: Omit<FormRoute, 'route' | 'locale'> }[] = [
  {
    slug: 'business-products',
    form: { variant: 'business', fields: ['company', 'products', 'subject'] },
    expect: { variant: 'business', keys: ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'], emptyCompany: null },
  },
  {
    slug: 'business-chatbot-preset',
    form: { variant: 'business', fields: ['company', 'products', 'subject'], presetProducts: ['chatbot'] },
    expect: {
      variant: 'business',
      keys: ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'],
      emptyCompany: null,
      preset: ['chatbot'],
    },
  },
  {
    slug: 'education',
    form: { variant: 'education', fields: ['company'] },
    expect: { variant: 'education', keys: ['name', 'email', 'company', 'message', 'privacy_consent'], emptyCompany: null },
  },
  {
    // Only the Spanish education form sends subject (SPEC §3); the backend refuses it from any other.
    slug: 'education-subject',
    locale: 'es',
    form: { variant: 'education', fields: ['company', 'subject'] },
    expect: { variant: 'education', keys: ['name', 'email', 'company', 'subject', 'message', 'privacy_consent'], emptyCompany: null },
  },
];

async function variantSite(root: string): Promise<string> {
  const content = path.join(root, 'content');
  await mkdir(path.join(content, 'pages'), { recursive: true });
  await cp('content/site.yaml', path.join(content, 'site.yaml'));
  await cp('content/locales', path.join(content, 'locales'), { recursive: true });
  for (const shape of shapes) {
    const page = {
      slug: shape.slug,
      meta: { title: `Form ${shape.slug}`, description: 'Contact form test page', noindex: true },
      header: 'back',
      sections: [{ type: 'contact', id: 'contact', title: 'Kontakt', form: shape.form }],
    };
    await mkdir(path.join(content, 'pages', shape.slug), { recursive: true });
    await writeFile(path.join(content, 'pages', shape.slug, `${shape.locale ?? 'de'}.yaml`), stringify(page));
  }
  const out = path.join(root, 'dist');
  const built = await buildSite({ contentDir: content, outDir: out });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  return out;
}

// One site for the file: its tests run in one worker, one after another (a test each at once, on two
// workers, built and served the site twice; a worker fixture gave the file workers of its own, started
// after every other spec's tests had run, at the end of the suite).
test.describe('every form shape', () => {
  test.describe.configure({ mode: 'default' });
  test.use({ baseURL: undefined });
  let root: string;
  let store: LocalContactStore;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    root = await mkdtemp(path.join(tmpdir(), 'site-variants-'));
    const dist = await variantSite(root);
    store = await openContactStore(storeTarget(root));
    // An ephemeral port: this server lives only inside this test worker.
    server = await startServer({ root: dist, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [] })] });
  });

  test.afterAll(async () => {
    await server?.close();
    await store?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  for (const shape of shapes) {
    test(`form shape ${shape.slug}: payload key for key and the stored row`, async ({ page }) => {
      await acceptCookies(page, server.url);
      const stored = async (email: string) => (await store.list()).filter((row) => row.email === email);
      const locale = shape.locale ?? 'de';
      await submitAndVerify(page, { ...shape.expect, route: `${server.url}${locale === 'de' ? '' : `/${locale}`}/${shape.slug}`, locale }, stored);
    });
  }
});
