/**
 * The visitor-facing texts of the contact forms, to the letter of SPEC §4, §5 and §8, checked against
 * what the built pages hand their form islands (their props files), not against the content files they come
 * from: a wrong string in content fails here. Also: every form on the built site sends a payload its
 * declared variant accepts (SPEC §3), so content and backend cannot drift apart.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DEMO_FIXED } from '../../../supabase/functions/_shared/contact-fields.ts';
import { contactPayload, type FormValues } from '../../../supabase/functions/_shared/contact-payload.ts';
import { checkContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import type { ChatDemoProps } from '../../../src/islands/chat-demo/ChatDemo.tsx';
import type { ContactFormSettings } from '../../../src/islands/contact-form/props.ts';
import { buildSite } from '../../../src/output/build.ts';
import { apostrophes } from '../../../src/render/typography-marks.ts';

type Notice = { title: string; description?: string };
interface Expected {
  success?: Notice;
  error?: Notice;
  consentMissing?: Notice;
  sending?: string;
  /** SPEC §8: a send failure is logged, except on the Spanish education form. */
  logErrors: boolean;
}

const DE_SUCCESS = { title: 'Nachricht gesendet', description: 'Vielen Dank für Ihre Anfrage. Wir melden uns zeitnah bei Ihnen.' };
const DE_CONSENT = { title: 'Datenschutz-Einwilligung erforderlich', description: 'Bitte stimmen Sie der Übermittlung Ihrer Daten zu.' };
const ES_CONSENT = { title: 'Consentimiento de privacidad requerido', description: 'Por favor, acepte el procesamiento de sus datos.' };
const ES_ERROR = { title: 'Error', description: 'Ocurrió un error al enviar su mensaje.' };

/** Quoted from SPEC §4, §5 and §8; where the spec quotes nothing for a form, nothing is asserted. */
const SPEC: Record<string, Expected> = {
  '/': {
    success: DE_SUCCESS,
    error: { title: 'Fehler', description: 'Beim Senden Ihrer Nachricht ist ein Fehler aufgetreten.' },
    consentMissing: DE_CONSENT,
    sending: 'Wird gesendet...',
    logErrors: true,
  },
  '/chatbot': {
    success: DE_SUCCESS,
    error: { title: 'Fehler', description: 'Beim Senden Ihrer Nachricht ist ein Fehler aufgetreten.' },
    consentMissing: DE_CONSENT,
    sending: 'Wird gesendet...',
    logErrors: true,
  },
  '/fr': { error: { title: 'Erreur', description: "Une erreur s'est produite lors de l'envoi de votre message." }, logErrors: true },
  '/en': { error: { title: 'Error', description: 'An error occurred while sending your message.' }, logErrors: true },
  '/es': {
    success: { title: 'Mensaje enviado', description: 'Gracias por su consulta. Nos pondremos en contacto con usted pronto.' },
    error: ES_ERROR,
    consentMissing: ES_CONSENT,
    sending: 'Enviando...',
    logErrors: true,
  },
  '/education': { success: DE_SUCCESS, consentMissing: DE_CONSENT, sending: 'Wird gesendet...', logErrors: true },
  '/fr/education': {
    success: { title: 'Message envoyé !', description: 'Nous vous répondrons dans les plus brefs délais.' },
    error: { title: 'Erreur', description: "Une erreur s'est produite. Veuillez réessayer." },
    consentMissing: { title: 'Erreur', description: 'Veuillez accepter la politique de confidentialité.' },
    logErrors: true,
  },
  '/en/education': {
    success: { title: 'Message sent!', description: 'We will get back to you as soon as possible.' },
    error: { title: 'Error', description: 'An error occurred. Please try again.' },
    consentMissing: { title: 'Error', description: 'Please accept the privacy policy.' },
    logErrors: true,
  },
  '/es/education': { error: ES_ERROR, consentMissing: ES_CONSENT, sending: 'Enviando...', logErrors: false },
};

/** The island props of a built page, from the props files its `data-props-src` attributes name, by island name. */
function islands(html: string): Promise<{ name: string; props: unknown }[]> {
  return Promise.all(
    [...html.matchAll(/<div data-island="([^"]+)"[^>]*? data-props-src="\/([^"]*)"/g)].map(async ([, name, file]) => ({
      name: name!,
      props: JSON.parse(await readFile(path.join(out, file!), 'utf8')) as unknown,
    })),
  );
}

/** The temporary folder: the output folder inside it, and the element sources file the build writes beside that. */
let work: string;
let out: string;
const pages = new Map<string, { name: string; props: unknown }[]>();

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-spec-strings-'));
  out = path.join(work, 'dist');
  const built = await buildSite({ contentDir: 'content', outDir: out });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  for (const route of Object.keys(SPEC)) pages.set(route, await islands(await readFile(path.join(out, route, 'index.html'), 'utf8')));
});
afterAll(() => rm(work, { recursive: true, force: true }));

const forms = (route: string) =>
  pages
    .get(route)!
    .filter((i) => i.name === 'contact-form')
    .map((i) => i.props as ContactFormSettings);
const chatDemos = (route: string) =>
  pages
    .get(route)!
    .filter((i) => i.name === 'chat-demo')
    .map((i) => i.props as ChatDemoProps);

/** SPEC's words with the page's typographic apostrophe ("s’est", design review 7b N8): the glyph, never a word. */
const typeset = (notice: Notice): Notice => Object.fromEntries(Object.entries(notice).map(([key, text]) => [key, apostrophes(text)])) as Notice;

/** Every string in an island's props, with where it is, but the values it sends (payload shape, source, backend, address). */
function propStrings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => propStrings(item, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => !['shape', 'source', 'backend', 'email', 'subject'].includes(key))
    .flatMap(([key, inner]) => propStrings(inner, at ? `${at}.${key}` : key));
}

describe('island strings in the typography of the page around them', () => {
  it.each(['/fr', '/fr/education'])('%s: no straight apostrophe where the page text has a curly one', (route) => {
    const straight = pages
      .get(route)!
      .flatMap((island) => propStrings(island.props, island.name))
      .filter(([, text]) => apostrophes(text) !== text);
    expect(straight).toEqual([]);
  });
});

describe('SPEC §5/§8 strings in the built pages’ form props', () => {
  it.each(Object.entries(SPEC))('%s', (route, expected) => {
    const found = forms(route);
    expect(found.length).toBeGreaterThan(0);
    for (const form of found) {
      const { notices, sending } = form.strings;
      if (expected.success) expect(notices.success).toEqual(typeset(expected.success));
      if (expected.error) expect(notices.error).toEqual(typeset(expected.error));
      if (expected.consentMissing) expect(notices.consentMissing).toEqual(typeset(expected.consentMissing));
      if (expected.sending) expect(sending).toBe(expected.sending);
      expect(notices.logErrors).toBe(expected.logErrors);
      expect(form.success).toBeUndefined();
    }
  });

  it('the chat demo thanks with the SPEC §8 notice and shows the German notices otherwise', () => {
    const [demo] = chatDemos('/');
    expect(demo).toBeDefined();
    expect(demo!.form.success).toEqual({ title: 'Vielen Dank! Wir melden uns zeitnah zu Ihrer Chatbot-Anfrage.' });
    expect(demo!.form.strings.notices.consentMissing).toEqual(DE_CONSENT);
    expect(demo!.form.strings.sending).toBe('Wird gesendet...');
  });
});

describe('every form on the built site sends what the backend accepts for the form it declares (SPEC §3)', () => {
  const typed: FormValues = {
    name: 'Erika',
    email: 'erika@example.com',
    company: '',
    products: ['chatbot'],
    subject: 'Angebot',
    message: 'Bitte melden.',
    privacyConsent: true,
  };

  it.each(Object.keys(SPEC))('%s', (route) => {
    const settings = [...forms(route), ...chatDemos(route).map((demo) => demo.form)];
    for (const form of settings) {
      for (const values of [typed, { ...typed, products: [] }, { ...typed, company: 'Muster GmbH' }]) {
        const payload = contactPayload(form.shape, values);
        expect(checkContactRequest(payload, form.source), `${route} ${form.source.form}/${form.source.locale}`).toMatchObject({ ok: true });
      }
    }
  });

  it('the chat demo fixes products and subject to the values the backend requires', () => {
    for (const route of Object.keys(SPEC)) {
      for (const demo of chatDemos(route)) {
        expect(demo.form.source.form).toBe('chat-demo');
        expect(demo.form.shape.fixed).toEqual({ products: [CHAT_DEMO_FIXED.products], subject: CHAT_DEMO_FIXED.subject });
      }
    }
  });
});
