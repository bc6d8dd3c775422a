/**
 * What the seventh English native read found, checked on the rendered English pages of the real site: one card
 * per buyer on the education page, the chat demo's booking said of the website bot only, the API as a service of
 * its own, and none of the absolutes the German source took back.
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

describe('English copy after the seventh read', () => {
  it('addresses each buyer once on the education page: the government level is not split into two cards', () => {
    const section = /For everyone who shapes education([\s\S]*?)<\/section>/.exec(html('/en/education'))?.[1] ?? '';
    const titles = [...section.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((m) => text(m[1] ?? ''));
    expect(titles).toHaveLength(4);
    // Beside "Governments…", an "education ministry" or "department" card names the same buyer again.
    const government = titles.filter((t) => /government|ministr|department/i.test(t));
    expect(government).toEqual(['Governments and devolved administrations']);
  });

  it('says only the website bot books appointments in the chat demo', () => {
    const answer = model.locales.en?.chatDemo.answer ?? '';
    const booking = answer.split(/(?<=[.:]) /).filter((s) => s.includes('appointments'));
    expect(booking.length).toBeGreaterThan(0);
    expect(booking.filter((s) => !/website/i.test(s) || /staff/.test(s))).toEqual([]);
  });

  it('offers the API as a service, not as part of the platform plans', () => {
    const page = text(html('/en'));
    const api = page.split(/(?<=\.) /).filter((s) => /\bAPI\b/.test(s) && !/^(REST API|API integration)/.test(s));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((s) => /through our API\b/.test(s))).toEqual([]);
  });

  it("names the chat demo's bots as the contact form does", () => {
    const en = model.locales.en;
    expect(en?.chatDemo.answer.toLowerCase()).toContain(en?.forms.productNames.mandantenbot.toLowerCase());
  });

  it('counts the start time in the FAQ from the activation of the access, as the trial and the terms do', () => {
    const page = text(html('/en'));
    const answer = /How quickly can my team get started\?(.*?)(?=Ready to bring)/.exec(page)?.[1] ?? '';
    expect(answer).toMatch(/activate your access/);
    expect(answer).not.toMatch(/of your request/);
  });

  it('has none of the absolutes the German source took back', () => {
    const absolutes = /of any topic|without waiting for anyone|for every task/i;
    expect(['/en', '/en/education', '/en/404'].filter((route) => absolutes.test(text(html(route))))).toEqual([]);
  });

  it('promises home-language learning only for the six languages and names no essay-writing mode (verify7-en 1, 2)', () => {
    const page = text(html('/en/education'));
    expect(page).not.toMatch(/additional language can also learn in their home language/);
    expect(page).toMatch(/whose home language is one of these/);
    // Review 7b N11: the clause ran to 24 words in a card; the six languages already say who it is for.
    expect(page).not.toMatch(/with English as an additional language whose home language/);
    // "essay writing" is no mode on the page and reads as an AI that writes essays, against "Understanding, not copying".
    expect(page).not.toMatch(/essay/i);
  });
});
