/**
 * A savings claim's figures, computed one way for the copy (`{{savings.vsTwo.netPercent}}`) and for its
 * footnote: the competitors' total, and the saving once VAT is taken out of their consumer prices, so both
 * sides are compared without VAT.
 */
export interface SavingFigures {
  /** The competitors' prices added up, as charged (rounded to cents). */
  total: number;
  /** Our plan's price per user and month. */
  ours: number;
  /** The saving in whole percent with both sides on the same VAT basis, rounded down so it never overstates. */
  netPercent: number;
}

/**
 * `vatRatePercent` is the VAT in their prices that ours does not carry: 0 when both sides are on the same
 * basis, so the like-for-like saving is then the plain one.
 */
export function savingFigures(theirPrices: readonly number[], ours: number, vatRatePercent: number): SavingFigures {
  const total = Math.round(theirPrices.reduce((sum, price) => sum + price, 0) * 100) / 100;
  const net = total / (1 + vatRatePercent / 100);
  return { total, ours, netPercent: Math.floor(((net - ours) / net) * 100) };
}

interface VatBasis {
  ours?: string;
  theirs?: string;
  ratePercent?: number;
}

/** The VAT rate a savings constant's registered claim takes out of the competitors' side (0 on a like-for-like basis). */
export function vatGap(vat: VatBasis | undefined): number {
  return vat && vat.theirs !== vat.ours ? (vat.ratePercent ?? 0) : 0;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * site.yaml's `constants.savings` with each entry's derived `netPercent`, read from the raw data (pages are
 * resolved even when site.yaml has errors, so nothing here may assume a valid shape). An entry whose prices
 * are missing keeps what it has; a reference to its net figure then fails as an unknown constant.
 */
export function savingsWithNet(constants: Record<string, unknown>, claimRegister: unknown): Record<string, unknown> {
  const savings = record(constants.savings);
  const comparison = record(constants.comparison);
  const plans = record(constants.plans);
  const claims = Object.values(record(claimRegister)).map(record);
  const out: Record<string, unknown> = {};
  for (const [id, raw] of Object.entries(savings)) {
    const saving = record(raw);
    const prices = (Array.isArray(saving.against) ? saving.against : []).map((k) => record(comparison[String(k)]).price);
    const ours = record(plans[String(saving.plan)]).price;
    if (!prices.length || !prices.every((p): p is number => typeof p === 'number') || typeof ours !== 'number') {
      out[id] = raw;
      continue;
    }
    const claim = claims.find((c) => c.figure === `savings.${id}.percent`);
    const basis = record(claim?.basis);
    out[id] = { ...saving, netPercent: savingFigures(prices, ours, vatGap(basis.vat as VatBasis | undefined)).netPercent };
  }
  return out;
}
