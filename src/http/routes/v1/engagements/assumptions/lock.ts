import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { assumptionsSchema, lockAssumptionsBody } from '../../../../schemas/engagement.js';
import { lockAssumptions } from '../../../../../features/valuation/lock.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/lock',
    {
      config: {
        errorCodes: [
          'not_found',
          'invalid_transition',
          'no_provision_in_force',
          'already_locked',
          'inputs_incomplete',
          'invalid_weights',
          'missing_rationale',
          'invalid_discount',
          'invalid_market_approach',
          'wacc_mismatch',
          'discount_not_permitted',
          'source_missing',
          'asset_not_accounted',
        ],
        auth: { role: 'VALUER' },
        // The judgement's fields refused by the schema answer the codes the documents give them.
        fieldCodes: {
          '/methodWeights': 'invalid_weights',
          '/weightsRationale': 'missing_rationale',
          '/dlomPercent': 'invalid_discount',
          '/dlocPercent': 'invalid_discount',
          '/dlomRationale': 'missing_rationale',
          '/dlocRationale': 'missing_rationale',
          '/projectionsReasonableness': 'missing_rationale',
          '/marketApproach': 'invalid_market_approach',
          '/marketApproach/discountRationale': 'missing_rationale',
          '/marketApproach/transactionControlDiscountRationale': 'missing_rationale',
        },
      },
      schema: {
        tags: ['assumptions'],
        operationId: 'lockAssumptions',
        summary: 'Lock the valuation assumptions (one way)',
        description:
          'Rates are percent. terminalGrowthRate must be below wacc (400). Locking twice → 409 ' +
          'already_locked; after computation started → 409 invalid_transition. Computation starts ' +
          'once the engagement is DATA_READY and assumptions are locked. When accepted financials ' +
          'lack what the statute needs (IBC: liquidation.assets; Rule 11UA(1)(c)(b): stamp-duty and ' +
          'market values of assets held at book; a DCF, including one the methodWeights adopt: ' +
          'projections from the year that holds the valuation date, never replaced by another method; ' +
          'a capital table whose convertibles do not fit where the balance sheet presents them: ' +
          "/shareholding; multiples of a stated basis the company's metrics cannot match: the metric) " +
          '→ 409 inputs_incomplete naming each missing field in `errors`, and nothing changes (the ' +
          'engagement stays DATA_READY). The response carries `warnings` about the rates where the ' +
          'valuation has a DCF (RATES_LOOK_LIKE_FRACTIONS, WACC_GROWTH_SPREAD_NARROW), and about the ' +
          'valuation date against the transaction date: VALUATION_DATE_NOT_TRANSACTION_DATE for a ' +
          'Rule 11UA receipt or transfer valued as at another date (Rule 56 of the Income-tax Rules, ' +
          '2026; Rules 11U(j) and 11UAA of the 1962 Rules), VALUATION_DATE_STALE for FEMA and s.62 ' +
          'when the valuation date is more than 90 days before the transaction (practice), and ' +
          'COST_OF_CAPITAL_SOURCE_STALE for FEMA when costOfCapital.sourceDate is more than 30 days from the ' +
          'valuation date. A figure the valuation rests on without its source in the financials (NAV property, ' +
          'quoted-share price, peer, deal, round, IBC asset class: docs/evidence.md) → 400 source_missing ' +
          'naming each field in `errors`; nothing changes. The lock proves the computation: on a DATA_READY ' +
          'engagement it runs the valuation on what it locks, and any refusal of the engine is the ' +
          "lock's answer naming the field, with nothing locked (a weight on RECENT_ROUND or TRANSACTIONS " +
          'the financials do not give → 400 invalid_weights at /methodWeights/RECENT_ROUND). The ' +
          "judgement's fields refused by the schema answer their own codes: /methodWeights invalid_weights, " +
          '/dlomPercent and /dlocPercent invalid_discount, /marketApproach invalid_market_approach, a ' +
          'rationale missing_rationale. Where a DCF is adopted, a lock without projectionsReasonableness ' +
          "(the valuer's note on the projections) → 400 missing_rationale naming /projectionsReasonableness. " +
          'IBC: every asset line of the balance sheet at the commencement date must be valued in an asset class ' +
          'or excluded with a reason (liquidation.reconciliation; a line with no stated treatment is valued in ' +
          'the classes of its nature, docs/asset-registers.md), and where the financials give asset registers ' +
          "or a reconciliation the classes' book values must equal the lines they value → otherwise 409 " +
          'asset_not_accounted naming each line at /balanceSheet/<line> in `errors`; nothing changes.',
        params: z.object({ id: z.string() }),
        body: lockAssumptionsBody,
        response: { 200: assumptionsSchema },
      },
    },
    async (request) =>
      lockAssumptions(app.services, requirePrincipal(request), request.params.id, request.body, request.ref),
  );
});
