// The IBC part of the financials document (`liquidation`): the asset classes with their concluded values or the
// registered valuers' estimates (the earlier shapes, still accepted), the asset registers the service values row by
// row, and the reconciliation of the balance sheet's assets (docs/asset-registers.md).
import { z } from 'zod';
import { ASSET_CLASSES } from './fields.js';
import { sourceText } from './sources-schema.js';
import { REGISTER_CLASS, REGISTER_NAMES, registerSchemas } from './registers-schema.js';

const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;
const arrayError = { error: expected('an array') };

export function liquidationSchemaOf({
  amount,
  isoDate,
  strict,
}: {
  /** A non-negative amount in the document's unit. */
  amount: z.ZodType<number>;
  isoDate: z.ZodType<string>;
  strict: <T extends z.core.$ZodLooseShape>(shape: T) => z.ZodObject<T>;
}) {
  const valuerEstimateSchema = strict({
    valuer: z.string({ error: expected('a string') }).min(1, { error: 'must not be empty' }),
    fairValue: amount,
    liquidationValue: amount,
  });

  /**
   * One asset class: either the concluded `fairValue` and `liquidationValue`, or the registered valuers'
   * `estimates` (two, or three when a third valuer was appointed) — never both; or, where the class has an asset
   * register, neither: its book value and values are the register's (checked with the registers below).
   */
  const liquidationAssetSchema = strict({
    assetClass: z.enum(ASSET_CLASSES, { error: `must be one of ${ASSET_CLASSES.join(', ')}` }),
    description: z.string({ error: 'must be a string' }).optional(),
    /** The registered valuer's method and basis, e.g. "Sales comparison method, fair value" (Reg 35). */
    method: sourceText.optional(),
    /** The physical verification done, and its date (docs/statutes.md, IBC). */
    physicalVerification: sourceText.optional(),
    verifiedOn: isoDate.optional(),
    bookValue: amount.optional(),
    fairValue: amount.optional(),
    liquidationValue: amount.optional(),
    estimates: z
      .array(valuerEstimateSchema, arrayError)
      .min(2, { error: "must list at least 2 valuers' estimates" })
      .max(3, { error: "must list at most 3 valuers' estimates" })
      .optional(),
  }).superRefine((asset, ctx) => {
    const concluded = asset.fairValue !== undefined || asset.liquidationValue !== undefined;
    if (asset.estimates !== undefined && concluded) {
      ctx.addIssue({
        code: 'custom',
        path: ['estimates'],
        message: 'give either estimates or fairValue and liquidationValue, not both',
      });
    }
  });

  const { registers, reconciliation } = registerSchemas(amount, isoDate, strict);

  return strict({
    assets: z.array(liquidationAssetSchema, arrayError).min(1, { error: 'must list at least one asset class' }),
    liquidationCosts: amount.optional(),
    liabilities: amount.optional(),
    /** The asset registers (docs/asset-registers.md): each class given here is valued by the service from its rows. */
    registers: registers.optional(),
    /** Each balance-sheet asset line valued in a class or excluded with its reason (docs/asset-registers.md). */
    reconciliation: reconciliation.optional(),
  }).superRefine((liquidation, ctx) => {
    const registered = new Set<string>(
      REGISTER_NAMES.filter((r) => liquidation.registers?.[r] !== undefined).map((r) => REGISTER_CLASS[r]),
    );
    liquidation.assets.forEach((asset, i) => {
      if (registered.has(asset.assetClass)) {
        for (const key of ['bookValue', 'fairValue', 'liquidationValue', 'estimates'] as const)
          if (asset[key] !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: ['assets', i, key],
              message: `must be left out: ${asset.assetClass} is valued from its asset register (liquidation.registers)`,
            });
        return;
      }
      if (asset.bookValue === undefined)
        ctx.addIssue({ code: 'custom', path: ['assets', i, 'bookValue'], message: 'is required' });
      if (asset.estimates !== undefined) return;
      for (const key of ['fairValue', 'liquidationValue'] as const)
        if (asset[key] === undefined)
          ctx.addIssue({ code: 'custom', path: ['assets', i, key], message: 'is required (or give estimates)' });
    });
    // A register's class is named among the asset classes, where its method and physical verification are stated.
    for (const assetClass of registered)
      if (!liquidation.assets.some((a) => a.assetClass === assetClass))
        ctx.addIssue({
          code: 'custom',
          path: ['assets'],
          message: `must list ${assetClass} (with its method and physical verification): its asset register is given`,
        });
    const parcels = new Set((liquidation.registers?.land ?? []).map((p) => p.parcel));
    (liquidation.registers?.land ?? []).forEach((p, i) => {
      if ((liquidation.registers?.land ?? []).findIndex((q) => q.parcel === p.parcel) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['registers', 'land', i, 'parcel'],
          message: `'${p.parcel}' is named twice`,
        });
      const sales = (liquidation.registers?.landComparables ?? []).filter((c) => c.parcel === p.parcel);
      if (sales.length === 0 && p.adoptedRate === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['registers', 'land', i, 'adoptedRate'],
          message: `is required: no comparable sale names parcel '${p.parcel}' (liquidation.registers.landComparables)`,
        });
    });
    (liquidation.registers?.landComparables ?? []).forEach((c, i) => {
      if (!parcels.has(c.parcel))
        ctx.addIssue({
          code: 'custom',
          path: ['registers', 'landComparables', i, 'parcel'],
          message: `names no parcel of liquidation.registers.land ('${c.parcel}')`,
        });
    });
  });
}
