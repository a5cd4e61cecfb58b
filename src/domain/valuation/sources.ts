// Every figure the valuation rests on names where it comes from (docs/evidence.md). The lock refuses a figure in
// use without its source, naming the field in the financials document, so the report's Sources of information
// can say, for each, where it was taken from.
import type { NormalisedFinancials } from '../financials/normalise.js';
import { rupees } from '../../contract/money-format.js';
import { dec } from './money.js';
import type { Purpose, Statute } from './types.js';

export interface UnsourcedFigure {
  /** JSON Pointer into the financials document: the field that should hold the source. */
  path: string;
  message: string;
}

const missing = (path: string, message: string): UnsourcedFigure => ({ path, message });

/** Which of the sourced figures the statute's valuation rests on: the one place that decides it. */
type SourcedGroup = 'NAV' | 'MARKET' | 'LIQUIDATION';

function sourcedGroup(statute: Statute, purpose: Purpose | null): SourcedGroup | null {
  switch (statute) {
    case 'RULE_11UA':
      // The fair-value NAV replaces book values; an issue of shares (Rule 11UA(2)(a)) keeps the books.
      return purpose === 'ISSUE_OF_SHARES' ? null : 'NAV';
    case 'COMPANIES_ACT_SEC_62':
    case 'FEMA_RBI':
      return 'MARKET';
    case 'IBC_LIQUIDATION':
      return 'LIQUIDATION';
    default:
      return null;
  }
}

/** Rule 11UA's fair-value NAV: the values that replace book values. */
function navSources(f: NormalisedFinancials): UnsourcedFigure[] {
  const n = f.navAdjustments;
  const s = f.navAdjustmentSources ?? {};
  const out: UnsourcedFigure[] = [];
  const listed = (s.immovableProperties ?? []).reduce((sum, p) => sum.plus(dec(p.stampDutyValue)), dec(0));
  if (s.immovableProperties?.length && !listed.eq(dec(n.immovablePropertyStampDutyValue))) {
    out.push(
      missing(
        '/navAdjustmentSources/immovableProperties',
        `must add up to the stamp-duty value the NAV uses, ${rupees(n.immovablePropertyStampDutyValue)}: the properties listed add up to ${rupees(listed.toFixed(2))}`,
      ),
    );
  }
  if (dec(n.immovablePropertyStampDutyValue).gt(0) && !s.immovableProperties?.length) {
    out.push(
      missing(
        '/navAdjustmentSources/immovableProperties',
        `must list each immovable property, its stamp-duty value and the authority that adopted or assessed it: the NAV uses a stamp-duty value of ${rupees(n.immovablePropertyStampDutyValue)}`,
      ),
    );
  }
  // The quoted shares listed scrip by scrip are part of C (unquoted ones may make up the rest), never more.
  const quoted = (s.quotedInvestments ?? []).reduce(
    (sum, q) => sum.plus(dec(q.quantity).times(dec(q.pricePerShare)).toDecimalPlaces(2)),
    dec(0),
  );
  if (quoted.gt(dec(n.sharesAndSecuritiesFairValue))) {
    out.push(
      missing(
        '/navAdjustmentSources/quotedInvestments',
        `must not add up to more than the fair market value of shares and securities the NAV uses, ${rupees(n.sharesAndSecuritiesFairValue)}: the scrips listed add up to ${rupees(quoted.toFixed(2))}`,
      ),
    );
  }
  if (dec(n.sharesAndSecuritiesFairValue).gt(0)) {
    if (!s.sharesAndSecuritiesSource)
      out.push(
        missing(
          '/navAdjustmentSources/sharesAndSecuritiesSource',
          `must name where the fair market value of shares and securities (${rupees(n.sharesAndSecuritiesFairValue)}) comes from: the exchange for quoted shares, the valuation for others`,
        ),
      );
    if (!s.sharesAndSecuritiesPriceDate)
      out.push(
        missing(
          '/navAdjustmentSources/sharesAndSecuritiesPriceDate',
          'must give the date of the price of the shares and securities',
        ),
      );
  }
  if (dec(n.jewelleryAndArtMarketValue).gt(0) && !s.jewelleryAndArtSource) {
    out.push(
      missing(
        '/navAdjustmentSources/jewelleryAndArtSource',
        `must name the registered valuer's report behind the open-market value of jewellery and art (${rupees(n.jewelleryAndArtMarketValue)})`,
      ),
    );
  }
  return out;
}

/** Peers' multiples, comparable deals and a recent round: the market approach of s.62 and FEMA. */
function marketSources(f: NormalisedFinancials): UnsourcedFigure[] {
  const out: UnsourcedFigure[] = [];
  f.peers.forEach((p, i) => {
    if (!p.source) out.push(missing(`/peers/${i}/source`, `must name where ${p.name}'s multiples come from`));
    if (!p.asOf) out.push(missing(`/peers/${i}/asOf`, `must give the date ${p.name}'s multiples were struck on`));
  });
  (f.transactions ?? []).forEach((t, i) => {
    if (!t.source)
      out.push(missing(`/transactions/${i}/source`, `must name the document the terms of ${t.deal} come from`));
    if (!t.partiesRelation)
      out.push(missing(`/transactions/${i}/partiesRelation`, `must say how the parties to ${t.deal} were related`));
  });
  if (f.recentRound && !f.recentRound.document) {
    out.push(
      missing(
        '/recentRound/document',
        'must name the agreement or term sheet the price of the recent round comes from',
      ),
    );
  }
  return out;
}

/** Each asset class's registered valuer: the method and basis, and the physical verification with its date. */
function liquidationSources(f: NormalisedFinancials): UnsourcedFigure[] {
  const out: UnsourcedFigure[] = [];
  (f.liquidation?.assets ?? []).forEach((a, i) => {
    if (!a.method)
      out.push(missing(`/liquidation/assets/${i}/method`, "must give the registered valuer's method and basis"));
    if (!a.physicalVerification)
      out.push(
        missing(`/liquidation/assets/${i}/physicalVerification`, 'must say what physical verification was done'),
      );
    if (!a.verifiedOn)
      out.push(missing(`/liquidation/assets/${i}/verifiedOn`, 'must give the date of the physical verification'));
  });
  return out;
}

/** The figures the statute's valuation uses that do not name their source, in document order. */
export function unsourcedFigures(
  f: NormalisedFinancials,
  statute: Statute,
  purpose: Purpose | null,
): UnsourcedFigure[] {
  switch (sourcedGroup(statute, purpose)) {
    case 'NAV':
      return navSources(f);
    case 'MARKET':
      return marketSources(f);
    case 'LIQUIDATION':
      return liquidationSources(f);
    default:
      return [];
  }
}

/** The parts of the financials that name sources, for the statute's valuation: what the report lists. */
export interface FigureSources {
  navAdjustmentSources?: NormalisedFinancials['navAdjustmentSources'];
  peers?: NormalisedFinancials['peers'];
  transactions?: NormalisedFinancials['transactions'];
  recentRound?: NormalisedFinancials['recentRound'];
  /** IBC: each asset class's method and basis and the physical verification done. */
  liquidationAssets?: NonNullable<NormalisedFinancials['liquidation']>['assets'];
}

export function sourcedParts(f: NormalisedFinancials, statute: Statute, purpose: Purpose | null): FigureSources {
  switch (sourcedGroup(statute, purpose)) {
    case 'NAV':
      return { navAdjustmentSources: f.navAdjustmentSources };
    case 'MARKET':
      return { peers: f.peers, transactions: f.transactions, recentRound: f.recentRound };
    case 'LIQUIDATION':
      return { liquidationAssets: f.liquidation?.assets };
    default:
      return {};
  }
}
