/**
 * The /chatbot price table renders from the offer data (site.yaml offer.chatbots): each row is a package priced
 * by commitment, its figures those of the rows it names under constants, and the setup row the one they share.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { formatEuro } from '../../../src/content/references.ts';
import type { Offer } from '../../../src/schema/offer.ts';
import { chatbotRows, checkOfferData } from '../../../src/schema/offer-rules.ts';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';
import { cellText, realModel, renderBare } from '../render/page-text.ts';

let model: SiteModel;

beforeAll(async () => {
  model = await realModel();
});

/** The value, or a failure naming what is missing. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
}

describe('chatbot price table', () => {
  it("renders each row from the offer data: a package's price and setup rows are the figures it shows", () => {
    const changed: SiteModel = structuredClone(model);
    const chatbots = must(changed.site.offer, 'offer data').chatbots;
    // The standard package now names other rows: the table follows the offer, not a constant by the row's name.
    chatbots.standard = { ...must(chatbots.standard, 'standard package'), prices: 'chatbot.intake' };
    for (const pkg of Object.values(chatbots)) if (pkg.prices) pkg.setup = 'chatbot.standard';
    const html = renderBare(changed, '/chatbot');
    const rows = [...html.matchAll(/<tr data-tier="([a-z]+)">[\s\S]*?<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(['standard', 'intake', 'setup']);
    const { chatbot } = model.site.constants;
    const cells = (row: string) => [...row.matchAll(/data-constant="([a-z.0-9A-Z]+)"/g)].map((m) => m[1]);
    expect(cells(must(rows[0], 'first row')[0])).toEqual(['chatbot.intake.months12', 'chatbot.intake.months6', 'chatbot.intake.months1']);
    expect(cells(must(rows[2], 'setup row')[0])).toEqual(['chatbot.standard.months12', 'chatbot.standard.months6', 'chatbot.standard.months1']);
    expect(cellText(must(rows[0], 'first row')[0], 'data-constant', 'chatbot.intake.months12')).toContain(formatEuro(chatbot.intake.months12, 'de-DE'));
    expect(cellText(must(rows[2], 'setup row')[0], 'data-constant', 'chatbot.standard.months1')).toContain(formatEuro(chatbot.standard.months1, 'de-DE'));
  });
});

describe('offer data of the chatbot price table', () => {
  const issues = (edit: (offer: Offer) => void) => {
    const offer: Offer = structuredClone(must(model.site.offer, 'offer data'));
    edit(offer);
    return checkOfferData(offer, model.site.constants, Object.keys(model.locales)).map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('holds on the real site.yaml', () => {
    expect(issues(() => {})).toEqual([]);
  });

  it('refuses packages of the table with different setup rows, and a price row missing a commitment', () => {
    expect(
      issues((offer) => {
        must(offer.chatbots.intake, 'intake package').setup = 'chatbot.standard';
      }).join('\n'),
    ).toMatch(/chatbots\.intake\.setup: the price table shows one setup row/);
    expect(
      issues((offer) => {
        must(offer.chatbots.intake, 'intake package').prices = 'chatbot.smallSolution';
      }).join('\n'),
    ).toMatch(/chatbots\.intake\.prices: 'chatbot\.smallSolution' needs a figure for each commitment: months12, months6, months1/);
  });

  it('page schemas accept as table rows only the packages priced by commitment', () => {
    expect(chatbotRows(model.site.offer)).toEqual(['standard', 'intake']);
    const section = createSectionSchema({ plans: [], savings: [], chatbots: chatbotRows(model.site.offer) });
    const table = (tier: string) => ({
      type: 'chatbotPricing',
      title: 'Preise',
      caption: 'Monatspreise',
      tierHeading: 'Paket',
      commitments: { months12: '12', months6: '6', months1: '1' },
      perMonth: 'pro Monat',
      tiers: [{ tier, name: 'Bot', description: 'Ein Bot.' }],
      setup: { name: 'Einrichtung', description: 'Einmalig.' },
    });
    expect(section.safeParse(table('intake')).success).toBe(true);
    const refused = section.safeParse(table('smallSolution'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['tiers', 0, 'tier']);
  });
});
