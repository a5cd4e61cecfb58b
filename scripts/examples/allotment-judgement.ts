// The allotment's market judgement (s.62 and FEMA alike): the deals' control premium divided out, the nil discount for
// lack of control with its reason, the discount for lack of marketability with its reason, and the weights.
import { exampleMarketJudgement } from './dated.js';
import { CALENDAR } from './calendar.js';
import { FUNDING_ROUND_INVESTOR, NON_RESIDENT_INVESTOR } from './evidence.js';

const cal = CALENDAR;
/**
 * A minority block valued on control-basis methods: the nil discount for lack of control is stated with its reason
 * (docs/reports.md, Only what the statute allows).
 */
const nilDloc = (reason: string) => ({ dlocPercent: 0, dlocRationale: reason });
/**
 * The allotment's valuation (s.62 and FEMA alike): the market evidence weighed with the income approach; no discount
 * for lack of control, since the methods value the company as it is run, which the allottees share pro rata (so the
 * values are on a minority basis); a discount for lack of marketability for a minority holding in a private company
 * with no market, on the values on a marketable basis only (docs/valuation-method.md, Discounts).
 */
const judged = exampleMarketJudgement(cal);
export const marketJudgement = {
  ...judged,
  // The two deals bought control; their multiples carry the premium and synergies an acquirer pays, which a minority
  // allottee never receives: dividing by (1 + premium) takes it out, so the method values what the allottees share.
  marketApproach: {
    ...judged.marketApproach,
    transactionControlDiscountPercent: 20,
    transactionControlDiscountRationale:
      "Both deals bought control of the target (all of Chakan Die Casting; a majority buy-out of Satara Machining), so their multiples include the premium and the synergies an acquirer pays for control. The premiums over the undisturbed price in open offers for listed Indian auto-component makers, 2019 to 2025, were mostly 20% to 30% (the valuer's compilation from the offer letters filed with SEBI); the low end, 20%, is taken out of the deal multiples by dividing them by 1.20 (a discount of 16.67%), as both targets were small and their buyers' synergies modest. Those premiums are measured against the listed shares' traded price, so the multiples left value a minority holding on a marketable basis: the discount for lack of marketability below applies to them, as to the listed peers.",
  },
  ...nilDloc(
    `The discounted cash flow rests on the company's own board-approved projections: it values the company as it is run, with no change of control, no synergy and no control premium in it, and the comparable transactions are taken after the control premium is removed from the deal multiples. That is what a minority holder shares pro rata, so these values are on a minority basis and no discount for lack of control is taken for the minority blocks allotted (${FUNDING_ROUND_INVESTOR} holds about 17.2% and ${NON_RESIDENT_INVESTOR} about 8.2% after the allotment).`,
  ),
  dlomPercent: 10,
  dlomRationale:
    "The shares allotted are a minority holding in a private company: there is no market in them, no listing is planned and no holder has a put option, so a holder who wants to sell must find a buyer privately. Restricted-stock studies (the discounts at which restricted shares of listed companies were sold against their freely traded price, the Stout Restricted Stock Study, 2024 edition, under Sources) report discounts mostly between 10% and 30%. 10% is taken, the low end, because the company is profitable and pays dividends and its shares found buyers twice in 2026 (a fund in May and an individual on the valuation date). The discount is for the absence of a market, not for any term of this allotment, and it applies only to the values on a marketable basis (the discounted cash flow, the listed peers and the comparable transactions once their control premium is taken out): the sale of the company's own shares was struck on those unlisted shares and takes none.",
};
