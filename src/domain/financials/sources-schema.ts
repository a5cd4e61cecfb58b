// Where the figures the valuation rests on come from (docs/evidence.md): the pieces of the financials document
// that name a source. Each is optional in the document; the lock refuses a figure in use without its source.
import { z } from 'zod';

/** How long a source's description may be. */
export const SOURCE_TEXT_MAX = 300;

const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

/** A source in words: a database and its extract, a document and its date, an authority. */
export const sourceText = z
  .string({ error: expected('a string') })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(SOURCE_TEXT_MAX, { error: `must be at most ${SOURCE_TEXT_MAX} characters` });

/**
 * The sources of the Rule 11UA NAV adjustments that replace book values: each immovable property with the value
 * adopted or assessable for stamp duty and the authority that adopted it; the exchange and the date of the price of
 * quoted shares; the registered valuer's report behind the open-market value of jewellery and art.
 */
export function navAdjustmentSourcesSchema(
  amount: z.ZodType<number>,
  isoDate: z.ZodType<string>,
  strict: <T extends z.core.$ZodLooseShape>(shape: T) => z.ZodObject<T>,
  price: z.ZodType<number>,
) {
  return strict({
    immovableProperties: z
      .array(
        strict({
          /** The property and its address. */
          description: sourceText,
          /** The survey, gat or CTS number of the land, as the title deed and the stamp-duty valuation give it. */
          surveyNumber: sourceText.optional(),
          /** The area in words with its unit, e.g. "4,050 sq m of land, 2,600 sq m built up". */
          area: sourceText.optional(),
          stampDutyValue: amount,
          authority: sourceText,
        }),
        { error: expected('an array') },
      )
      .min(1, { error: 'must list at least one property' })
      .optional(),
    /**
     * The quoted shares held, scrip by scrip: the number held, the price (₹ per share, not in the document's unit),
     * its date and the exchange; printed in the report's annexure (docs/reports.md, Annexures).
     */
    quotedInvestments: z
      .array(
        strict({
          scrip: sourceText,
          quantity: z
            .number({ error: expected('a number') })
            .refine((v) => Number.isSafeInteger(v) && v > 0, { error: 'must be a whole number greater than 0' }),
          pricePerShare: price,
          priceDate: isoDate,
          exchange: sourceText,
        }),
        { error: expected('an array') },
      )
      .min(1, { error: 'must list at least one scrip' })
      .optional(),
    sharesAndSecuritiesSource: sourceText.optional(),
    sharesAndSecuritiesPriceDate: isoDate.optional(),
    jewelleryAndArtSource: sourceText.optional(),
    /**
     * Where each deduction of the prescribed NAV comes from (docs/statutes.md, Rule 57's deductions): the note of the
     * audited balance sheet, or the return and its date. Printed beside the line it sources.
     */
    incomeTaxPaidSource: sourceText.optional(),
    unamortisedExpenditureSource: sourceText.optional(),
    provisionForTaxationSource: sourceText.optional(),
    unascertainedProvisionsSource: sourceText.optional(),
    /** What the book value of shares and securities taken out of A is made of (non-current and current investments). */
    sharesAndSecuritiesBookSource: sourceText.optional(),
    immovablePropertyBookSource: sourceText.optional(),
    /** The book values of the liabilities in L: the balance sheet and its notes. */
    liabilitiesSource: sourceText.optional(),
    /** Where the lease liabilities sit in the balance sheet, their amount and note (they are in L at book value). */
    leaseLiabilitiesSource: sourceText.optional(),
    /**
     * The contingent liabilities the notes to the balance sheet disclose, each with its amount and note: item (vi) of
     * L keeps them out of L (arrears of cumulative preference dividends aside), and the report states each.
     */
    contingentLiabilities: z
      .array(strict({ description: sourceText, amount, source: sourceText }), { error: expected('an array') })
      .optional(),
  });
}
