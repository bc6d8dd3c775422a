/**
 * A trial names the plan it runs on and how it starts (site.yaml offer.trials): the schema refuses a way in it
 * does not know, and the offer rules an unknown plan, so a trial line never names a plan the site does not sell.
 */
import { describe, expect, it } from 'vitest';
import { Offer } from '../../../src/schema/offer.ts';
import { checkOfferData } from '../../../src/schema/offer-rules.ts';

const offer = (trial: Record<string, unknown>) =>
  Offer.parse({
    features: ['smartSelect'],
    plans: { standard: { name: 'Standard', includes: ['smartSelect'] } },
    trials: { freeWeek: { days: 'trial.days', creditCard: false, ending: 'endsByItself', locales: ['en'], ...trial } },
  });
const constants = { plans: { standard: { price: 17 } }, trial: { days: 7 } };

describe('trial plan and start', () => {
  it('accepts a trial on a known plan, started through the contact form', () => {
    expect(checkOfferData(offer({ plan: 'standard', start: 'contactForm' }), constants, ['en'])).toEqual([]);
  });

  it('names a trial on an unknown plan, with its path', () => {
    expect(checkOfferData(offer({ plan: 'gold' }), constants, ['en'])).toEqual([{ path: ['trials', 'freeWeek', 'plan'], message: "unknown plan 'gold'" }]);
  });

  it('refuses a way in other than the contact form', () => {
    expect(() => offer({ start: 'signUp' })).toThrow(/contactForm/);
  });
});
