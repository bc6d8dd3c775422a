/**
 * What the seventh native read of the Spanish pages found (/work/notes/read7-es.md), checked on the rendered
 * pages of the real site: where the hero's trial button lands, the chatbot price's VAT note, the certificates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { readableText, renderRealSite, routeHtml, type RenderedPage } from '../render/page-text.ts';

let model: SiteModel;
let pages: RenderedPage[];

beforeAll(async () => {
  ({ model, pages } = await renderRealSite());
});

const text = readableText;

const html = (route: string) => routeHtml(pages, route);

/** The HTML of the section with id `id` on `route`, up to its end. */
function section(route: string, id: string): string {
  const page = html(route);
  const start = page.search(new RegExp(`<section[^>]* id="${id}"`));
  if (start < 0) throw new Error(`no section #${id} on ${route}`);
  return page.slice(start, page.indexOf('</section>', start));
}

describe('read 7 (es)', () => {
  it('lets the section the hero’s “Probar gratis” button scrolls to start the trial (R1)', () => {
    const hero = model.pages.find((p) => p.route === '/es')?.page.sections.find((s) => s.type === 'hero');
    const button = hero && 'actions' in hero ? hero.actions?.find((a) => a.label === 'Probar gratis') : undefined;
    expect(button?.href).toMatch(/^#./);
    const target = section('/es', (button?.href ?? '#').slice(1));
    // The section's lead is plain text (no link): it names the form the trial is requested with.
    expect(text(target)).toContain(`Solicite su prueba gratuita de ${model.site.constants.trial.days} días en el formulario de contacto.`);
  });

  it('puts the VAT note after the chatbot setup fee, so it covers both figures (R4)', () => {
    const setup = model.site.constants.chatbot?.setup?.months6;
    expect(setup).toBeTypeOf('number');
    const page = text(html('/es'));
    const fee = `más ${setup} € de puesta en marcha (pago único)`;
    // The services card (the add-on panel points to it since design review 15 #5).
    const shown = page.split(fee).length - 1;
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(page.split(`${fee}; IVA no incluido`).length - 1).toBe(shown);
    expect(page).not.toMatch(/al mes por web, IVA no incluido/);
  });

  it('says the education certificates are not official qualifications (R3)', () => {
    const page = text(html('/es/education'));
    expect(page).toMatch(/Certificados de KI-Zentrale Educación/);
    expect(page).toContain('Son acreditaciones propias, sin validez académica oficial.');
  });

  it('never has the chat demo “filter” (leak) the enquiries (R2)', () => {
    const answer = model.locales.es?.chatDemo.answer ?? '';
    expect(answer).toMatch(/clasifican las consultas/i);
    expect(answer).not.toMatch(/filtra/i);
  });

  it('keeps the trial’s days on their figure and promises no deadline keeping for law firms (verify7-es 1, 2)', () => {
    // The trial lines are filled in after the locale's spacing rules ran; they must still keep "7 días" together.
    for (const route of ['/es', '/es/education']) expect(html(route)).not.toMatch(/\d días/);
    expect(html('/es')).toMatch(/\d\u00a0días/);
    expect(html('/')).not.toMatch(/\d Tage\b/);
    expect(text(html('/es'))).not.toMatch(/Plazos y documentos bajo control/);
  });

  it('cites the terms by cláusula, never by the German § (verify8-es W1)', () => {
    for (const route of ['/es', '/es/education', '/es/404']) expect(text(html(route)), route).not.toContain('§');
    expect(text(html('/es'))).toContain('en la cláusula 3 de nuestras condiciones generales');
  });

  it('has no German pair of ordinary and extraordinary termination in the hero’s sample answer (verify9-es X1)', () => {
    expect(text(html('/es'))).not.toMatch(/resolución (ordinaria|extraordinaria)/);
  });
});
