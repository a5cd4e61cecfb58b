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
) {
  return strict({
    immovableProperties: z
      .array(
        strict({
          description: sourceText,
          stampDutyValue: amount,
          authority: sourceText,
        }),
        { error: expected('an array') },
      )
      .min(1, { error: 'must list at least one property' })
      .optional(),
    sharesAndSecuritiesSource: sourceText.optional(),
    sharesAndSecuritiesPriceDate: isoDate.optional(),
    jewelleryAndArtSource: sourceText.optional(),
  });
}
