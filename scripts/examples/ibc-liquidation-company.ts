// The liquidation example's corporate debtor: Panchganga Castings Private Limited, a fictitious Kolhapur iron
// foundry whose corporate insolvency resolution process ended without a resolution plan and which the Adjudicating
// Authority ordered liquidated. A company of its own, not the CIRP example's (Godavari Forgings, ibc-company.ts), so
// the two examples' case files never meet: its own petition, its own process, its own assets and balance sheet at the
// liquidation commencement date (docs/ibc-valuation.md, Examples). Amounts in ₹ lakh.
import { addDays, longDate } from './calendar.js';
import { historyYear, weekdayOnOrAfter, weekdayOnOrBefore } from './ibc-company.js';

export const LIQUIDATION_COMPANY = {
  targetEntity: 'Panchganga Castings Private Limited',
  cin: 'U24310MH2012PTC229614',
  companyBackground:
    'Panchganga Castings runs a grey and SG iron foundry at Plot B-22, MIDC Shiroli, Kolhapur, making pump housings, valve bodies and brake drums for pump makers and commercial-vehicle suppliers. Incorporated in 2012 by its promoters, it borrowed to install a high-pressure moulding line in 2018; when two pump makers moved their castings to a supplier in Coimbatore its volumes halved, and it defaulted on its term loans from Bank of India in 2024.',
};

/**
 * The liquidation's days, each on a working day: the CIRP admitted 255 days before the liquidation order, extended to
 * 270 days (s.12(2)); the committee resolved to liquidate (s.33(2)) with no plan approved; the order of the liquidation
 * commencement date appointed the liquidator, who appoints the valuers within seven days of it (Liquidation Reg 35(2)).
 * The order is a working day at least 30 days before the report.
 */
export function liquidationDates(today: string) {
  const lcd = weekdayOnOrBefore(addDays(today, -30));
  const icd = weekdayOnOrBefore(addDays(lcd, -255));
  const publicAnnouncement = weekdayOnOrBefore(addDays(icd, 3));
  const cocConstituted = weekdayOnOrAfter(addDays(icd, 21));
  // The 180 days of s.12(1) extended by 90 (s.12(2)) by an order before the 180th day; the deposit adjusted before the ICD.
  const extensionOrder = weekdayOnOrBefore(addDays(icd, 170));
  const depositAdjusted = weekdayOnOrBefore(addDays(icd, -45));
  const valuersAppointed = weekdayOnOrAfter(addDays(lcd, 3));
  const verifiedPhysical = weekdayOnOrAfter(addDays(valuersAppointed, 1));
  const verifiedFinancial = weekdayOnOrAfter(addDays(verifiedPhysical, 1));
  // The valuers explain their method before they compute: the meeting before the class reports.
  const methodologyMeeting = weekdayOnOrAfter(addDays(verifiedFinancial, 1));
  // The stakeholders' consultation committee (Liquidation Reg 31A), constituted before the meeting it attends.
  const sccConstituted = weekdayOnOrAfter(addDays(valuersAppointed, 1));
  const classReports = weekdayOnOrAfter(addDays(methodologyMeeting, 2));
  return {
    lcd,
    icd,
    publicAnnouncement,
    cocConstituted,
    extensionOrder,
    depositAdjusted,
    valuersAppointed,
    verifiedPhysical,
    verifiedFinancial,
    classReports,
    methodologyMeeting,
    sccConstituted,
  };
}
export type LiquidationDates = ReturnType<typeof liquidationDates>;
// The CIRP's two sets' liquidation values, averaged by its resolution professional (CIRP Reg 35), as at its ICD.
const CIRP_AVERAGE_LIQUIDATION_VALUE = '₹7,42,60,000';

export function liquidationInsolvencyFacts(d: LiquidationDates) {
  return {
    bench: 'National Company Law Tribunal, Mumbai Bench',
    petitionNumber: `C.P. (IB) No. 1127/MB/${Number(d.icd.slice(0, 4)) - 1}`,
    admissionOrderDate: d.icd,
    applicant: { name: 'Bank of India', kind: 'FINANCIAL_CREDITOR' },
    interimResolutionProfessional: {
      name: 'Rohan Joshi',
      ibbiRegistration: 'IBBI/IPA-001/IP-P00912/2018-2019/11876',
    },
    publicAnnouncementOn: d.publicAnnouncement,
    cocConstitutedOn: d.cocConstituted,
    methodologyMeeting: {
      heldOn: d.methodologyMeeting,
      note: `The liquidator and the members of the stakeholders' consultation committee, which the liquidator constituted under Regulation 31A of the Liquidation Process Regulations on ${longDate(d.sccConstituted)}, attended; each valuer explained the method and the forced-sale discounts of their class`,
    },
  };
}

/** Why the liquidator did not take the CIRP's average (Liquidation Reg 35(1)) and had the assets valued afresh. */
export function freshValuationReason(d: LiquidationDates): string {
  const day = Math.round((Date.parse(d.lcd) - Date.parse(d.icd)) / 86_400_000) + 1;
  return `The corporate insolvency resolution process began on ${longDate(d.icd)}; the Adjudicating Authority extended its period of 180 days by 90 days under section 12(2) of the Code, on the committee of creditors' resolution, by its order of ${longDate(d.extensionOrder)}, and with no resolution plan approved it ordered the liquidation on day ${day} of the process, within the 270 days. The registered valuers of that process valued the assets as at the insolvency commencement date; none of the registered valuers of this report was one of them or otherwise valued the corporate debtor in that process. The resolution professional's average of their liquidation values was ${CIRP_AVERAGE_LIQUIDATION_VALUE}. In the eight months since, the foundry has stood idle (the resolution professional neither bought metal nor made or sold castings in the process: the power supply had been disconnected before it began), its moulding line has not been run or maintained, its finished castings have aged past their customers' call-off dates and two of its larger debtors have disputed their dues. No one offered in the process for the business as a whole: no resolution plan was received, and an idle foundry without power or orders is not a business a buyer takes over running, so the valuers value the assets for sale on their own or in parcels and give no realisable value of the business as a going concern. The liquidator considered that average no longer a fair basis for the sale and, under Regulation 35(2) of the Liquidation Process Regulations, appointed registered valuers, one for each asset class, to value the assets afresh as at the liquidation commencement date.`;
}

/** The balance sheet at the liquidation commencement date: the registers' book values; reserves eaten by losses. */
export const LIQUIDATION_BALANCE_SHEET = {
  equityShareCapital: 150,
  preferenceShareCapital: 0,
  reservesAndSurplus: -610,
  longTermBorrowings: 980,
  shortTermBorrowings: 310,
  tradePayables: 290,
  otherCurrentLiabilities: 95,
  otherNonCurrentLiabilities: 0,
  deferredTaxLiabilities: 0,
  longTermProvisions: 20,
  shortTermProvisions: 15,
  propertyPlantEquipment: 650,
  intangibleAssets: 20,
  capitalWorkInProgress: 0,
  nonCurrentInvestments: 30,
  deferredTaxAssets: 0,
  longTermLoansAndAdvances: 15,
  otherNonCurrentAssets: 12,
  currentInvestments: 10,
  inventories: 160,
  tradeReceivables: 250,
  cashAndCashEquivalents: 40,
  shortTermLoansAndAdvances: 35,
  otherCurrentAssets: 28,
};

/** Three audited years of decline (PBT = EBITDA − depreciation − finance cost). */
export const LIQUIDATION_HISTORY = [
  [1960, 176, 88, 112, -24, -24, 240, 1150],
  [1240, -37, 86, 131, -254, -254, -14, 1250],
  [610, -148, 84, 140, -372, -372, -386, 1290],
].map(historyYear);

export const LIQUIDATION_SHAREHOLDING = [
  { holder: 'Vishwas Jadhav (promoter)', instrument: 'EQUITY', number: 900000, faceValue: 10 },
  { holder: 'Sunita Jadhav (promoter)', instrument: 'EQUITY', number: 600000, faceValue: 10 },
];

/** The asset registers as the liquidator's valuers found them at the liquidation commencement date. */
export function liquidationRegisters(d: LiquidationDates, tradedOn: string) {
  const at = (days: number) => addDays(d.lcd, days);
  // Each comparable an MIDC leasehold like the subject's (95 years from 2004): its registrar, its lease's first year.
  const deed = (office: string, from: number) =>
    `Registered deed of assignment of an MIDC leasehold of 95 years, Sub-Registrar ${office}; lease from ${from}, ${from + 95 - bsYear} years unexpired; no tenure adjustment`;
  const bsYear = Number(d.lcd.slice(0, 4));
  const month = longDate(d.lcd).replace(/^\d+ /, '');
  const quoted = longDate(weekdayOnOrAfter(addDays(d.valuersAppointed, 1)));
  // The ready reckoner's year (April to March) the liquidation commencement date falls in.
  const fy = Number(d.lcd.slice(5, 7)) >= 4 ? bsYear : bsYear - 1;
  const rrYear = `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
  // One size analysis for every comparable: a smaller plot than the subject's adjusted down, a larger one up.
  const SIZE = `size: registered sales of MIDC Kolhapur plots of the last two years by plot area (Index II extracts): the rate per sq m falls about 1 % for each 250 sq m more; a comparable smaller than the subject's 3,500 sq m is adjusted down, a larger one up`;
  // Land and building, plant and machinery and the stock (the Plant and Machinery valuer's) first; the financial assets next.
  const after = (a: string) => (/LAND|PLANT|INVENTOR/.test(a) ? d.verifiedPhysical : d.verifiedFinancial);
  const assets = [
    {
      assetClass: 'LAND_AND_BUILDING',
      method:
        'Land: sales comparison method (recent sales of industrial plots in MIDC Shiroli and Gokul Shirgaon); buildings: depreciated replacement cost',
      physicalVerification: 'Site inspection of the foundry land and buildings with the title documents',
    },
    {
      assetClass: 'PLANT_AND_MACHINERY',
      method: 'Depreciated replacement cost method, machine by machine',
      physicalVerification: 'Machine-by-machine verification against the fixed asset register',
    },
    {
      assetClass: 'INVENTORIES',
      method: 'Net realisable value, by category and ageing of stock',
      physicalVerification: 'Stock count at the Shiroli foundry and its yard',
    },
    {
      assetClass: 'TRADE_RECEIVABLES',
      method: 'Recoverable amount, by ageing bucket and balance confirmations',
      physicalVerification: 'Balance confirmations sought from every debtor over ₹5 lakh',
    },
    {
      assetClass: 'CASH_AND_BANK',
      method: 'Face value, confirmed by the banks',
      physicalVerification:
        "Bank statements of the company's two accounts and the banks' confirmations that neither holds a lien or claims a set-off",
    },
    {
      assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS',
      method: 'Closing price on the National Stock Exchange; the fund at its net asset value',
      physicalVerification: 'Demat holding statement from the depository participant and the fund statement',
    },
  ].map((a) => ({ ...a, verifiedOn: after(a.assetClass) }));
  return {
    assets,
    liquidationCosts: 38.5,
    registers: {
      land: [
        {
          parcel: 'L1',
          description: 'Foundry land, Plot B-22, MIDC Shiroli, Kolhapur',
          surveyNumber: 'Gat 455/1',
          landArea: 3500,
          areaUnit: 'SQ_M',
          title: `Leasehold from MIDC for 95 years from 2004, assigned to the company with MIDC's consent in 2012, when it bought the plot with the foundry shed its first lessee had built in ${bsYear - 22}; deed of assignment registered at Hatkanangale`,
          bookValue: 120,
          forcedSaleDiscount: 25,
          marketingPeriod: '6 months',
          discountReason:
            'A transfer of an MIDC leasehold needs the corporation’s consent and its transfer fee, and a liquidation sale is by e-auction within the time the Liquidation Process Regulations allow',
        },
      ],
      landComparables: [
        {
          parcel: 'L1',
          saleDate: at(-150),
          place: 'Plot B-9, MIDC Shiroli',
          saleArea: 2800,
          salePrice: 140,
          saleSource: deed('Hatkanangale', 2003),
          adjustmentSource: `${SIZE} (2,800 sq m: −3 %)`,
          sizeAdjustment: -3,
        },
        {
          parcel: 'L1',
          saleDate: at(-230),
          place: 'Plot C-41, MIDC Gokul Shirgaon',
          saleArea: 6000,
          salePrice: 318,
          saleSource: deed('Karveer', 2006),
          adjustmentSource: `location: ready reckoner ${rrYear} zone rates, Gokul Shirgaon ₹5,150 and Shiroli ₹5,000 a sq m (−3 %); time: the Gokul Shirgaon zone rate's change to ${rrYear}; size: the Index II analysis of Kolhapur plot sizes, 2,000 to 8,000 sq m (6,000 sq m: ten steps of 250 sq m, +10 %)`,
          locationAdjustment: -3,
          timeAdjustment: 3,
          sizeAdjustment: 10,
        },
        {
          parcel: 'L1',
          saleDate: at(-80),
          place: 'Plot B-31, MIDC Shiroli',
          saleArea: 3200,
          salePrice: 163.2,
          saleSource: deed('Hatkanangale', 2004),
          adjustmentSource: `${SIZE} (3,200 sq m: −1 %)`,
          sizeAdjustment: -1,
        },
      ],
      buildings: [
        {
          description: 'Foundry shed, pattern shop and office block',
          builtUpArea: 1800,
          areaUnit: 'SQ_M',
          replacementCostRate: 14500,
          rateSource: `CPWD Plinth Area Rates 2023 for a steel-framed industrial shed with an RCC office block, indexed to ${month} by the CPWD cost index, with the Kolhapur cost multiplier`,
          age: 22,
          totalLife: 40,
          condition: 'Roof sheets leaking over the fettling bay; otherwise as its age implies',
          conditionFactor: 90,
          bookValue: 230,
          forcedSaleDiscount: 40,
          marketingPeriod: '9 months',
          discountReason: 'A foundry shed sells only with the land and to a buyer of the same trade',
        },
      ],
      machinery: [
        {
          description:
            'Induction melting furnaces (2 nos., 1 tonne each; idle since before the CIRP: the obsolescence of 25 % is 15 % functional, power packs using more power per tonne than new ones, and 10 % for condition, linings and coils to be relined before they melt again)',
          make: 'Inductotherm',
          yearOfManufacture: bsYear - 12,
          costBasis: 'REPLACEMENT_COST_NEW',
          replacementCost: 240,
          costSource: `Quotation of Inductotherm (India), Ahmedabad, of ${quoted} for two new 1-tonne induction furnaces with their power packs`,
          usefulLife: 20,
          obsolescence: 25,
          bookValue: 160,
          forcedSaleDiscount: 45,
          marketingPeriod: '6 months',
          discountReason: 'Used furnaces sold in a short time go to dealers, who dismantle and refurbish them',
        },
        {
          description:
            'High-pressure moulding line (idle since before the CIRP and not maintained: the obsolescence of 25 % is 15 % functional and 10 % for its condition, the hydraulics, seals and sand system to be overhauled before it runs)',
          make: 'DISA',
          yearOfManufacture: bsYear - 8,
          costBasis: 'INDEXED_COST',
          replacementCost: 260,
          costSource: `The fixed asset register's cost of ${bsYear - 8}, indexed to ${month} by the Wholesale Price Index for manufacture of machinery and equipment (Office of the Economic Adviser)`,
          usefulLife: 20,
          obsolescence: 25,
          bookValue: 140,
          forcedSaleDiscount: 40,
          marketingPeriod: '6 months',
          discountReason: 'A moulding line idle for months is sold to a buyer who moves and recommissions it',
        },
      ],
      inventories: [
        {
          category: 'Raw materials (pig iron and steel scrap, lying in the open yard)',
          ageing: 'over 300 days (bought before the supply was disconnected)',
          bookValue: 90,
          recoverability: 90,
          forcedSaleDiscount: 15,
          marketingPeriod: '1 month',
          discountReason:
            'Pig iron and scrap sell at once to traders at the day’s scrap price less their margin; the recoverability of 90 % allows for the rust and the loss in weight of metal stored in the open for over eight months',
        },
        {
          category: 'Finished castings',
          ageing: 'over 180 days',
          bookValue: 70,
          recoverability: 60,
          forcedSaleDiscount: 55,
          marketingPeriod: '3 months',
          discountReason: "Castings made to customers' patterns sell to others largely as melting scrap",
        },
      ],
      receivables: [
        {
          ageing: '10 to 12 months (the last invoices, before the supply was disconnected)',
          bookValue: 120,
          recoverability: 90,
          forcedSaleDiscount: 5,
          marketingPeriod: '3 months',
          discountReason:
            'Collected by the liquidator, not assigned: these debtors, pump makers still trading, confirmed their balances and have paid every monthly instalment agreed with the resolution professional in the process; 5 % for the cost of collection and the three months the last instalments take',
        },
        {
          ageing: '1 to 2 years',
          bookValue: 90,
          recoverability: 70,
          forcedSaleDiscount: 40,
          marketingPeriod: '3 months',
          discountReason:
            'Assigned, not collected: two larger debtors dispute their dues, and recovery suits would outlast the liquidation, so the liquidator sells these debts as not readily realisable assets to a buyer who prices in the time and cost of recovery',
        },
        {
          ageing: 'over 2 years',
          bookValue: 40,
          recoverability: 30,
          forcedSaleDiscount: 60,
          marketingPeriod: '3 months',
          discountReason: 'Assigned, not collected: debts over two years old, mostly disputed; their buyer pays little',
        },
      ],
      cash: [
        {
          description: 'Current account, Bank of Maharashtra, Kolhapur',
          bookValue: 25,
          forcedSaleDiscount: 0,
          marketingPeriod: 'none',
          discountReason: 'The bank, not a creditor, confirms it holds no lien or set-off: realised at book value',
        },
        {
          description: 'Fixed deposit, Kolhapur Urban Co-operative Bank',
          bookValue: 15,
          forcedSaleDiscount: 0,
          marketingPeriod: 'none',
          discountReason: 'The bank, not a creditor, confirms no lien is marked on it: repaid at book value',
        },
      ],
      investments: [
        {
          description: 'Equity shares of Shiroli Auto Components Limited (ISIN INE0SA501016), 20,000 shares',
          investmentBasis: 'QUOTED_PRICE',
          quantity: 20000,
          quotedPrice: 130,
          priceSource: `National Stock Exchange closing price on ${longDate(tradedOn)}${tradedOn === d.lcd ? ', the liquidation commencement date' : ', the last trading day on or before the liquidation commencement date'}`,
          bookValue: 30,
          forcedSaleDiscount: 10,
          marketingPeriod: '2 weeks',
          discountReason: 'A block of a thinly traded share sold at once moves its price',
        },
        {
          description: 'Units of a liquid mutual fund',
          investmentBasis: 'NET_ASSET_VALUE',
          netAssetValue: 10.4,
          priceSource: `The fund's statement of net asset value on ${longDate(tradedOn)}`,
          bookValue: 10,
          forcedSaleDiscount: 0,
          marketingPeriod: '2 days',
          discountReason: 'Liquid fund units are redeemed at their net asset value',
        },
      ],
    },
    reconciliation: [
      {
        item: 'intangibleAssets',
        excludedReason:
          'ERP software licences: the licence terms bar their transfer, and a buyer of the assets in liquidation buys no licence, so they realise nothing',
      },
      {
        item: 'longTermLoansAndAdvances',
        excludedReason:
          'Capital advance to a sand-plant supplier that has since closed; the liquidator has filed its claim, and no recovery is expected within the liquidation',
      },
      {
        item: 'otherNonCurrentAssets',
        excludedReason: `Security deposit with the electricity distribution company, adjusted by it against the unpaid power bills on ${longDate(d.depositAdjusted)}, when it disconnected the supply, before the insolvency commencement date and the moratorium: nothing left to recover`,
      },
      {
        item: 'shortTermLoansAndAdvances',
        excludedReason:
          'Advances to scrap and coke suppliers, each a creditor whose claim the liquidator admits net of the advance (set-off, Liquidation Reg 29), so nothing is left to realise',
      },
      {
        item: 'otherCurrentAssets',
        excludedReason:
          'Input tax credit of GST, which a liquidation sale of the assets does not pass to a buyer and which is not refundable in cash, and the unexpired insurance premium, which clause 7 of the fire policy refunds on cancellation only for a period without a claim, and a claim for the fettling bay’s roof is open (the liquidator has insured the assets under a policy of their own)',
      },
    ],
  };
}

/** What each class's valuer inspected at Panchganga Castings. */
export const LIQUIDATION_INSPECTED = {
  LAND_AND_BUILDING:
    'The foundry land and buildings at Plot B-22, MIDC Shiroli, Kolhapur: boundaries and built-up areas measured against the lease deed and the approved plans; the roof of the fettling bay inspected',
  PLANT_AND_MACHINERY:
    'Each machine against the fixed asset register: make, model, year and condition; the furnaces and the moulding line idle since the power supply was disconnected before the CIRP, not run; the stock counted at the foundry and its yard, by category and age, unchanged since the commencement date as nothing was bought or used',
  SECURITIES_OR_FINANCIAL_ASSETS:
    'The receivables ledger against the confirmations received, rolled back to the liquidation commencement date by the instalments received between the two dates; bank statements for every account, read at the commencement date; the demat holding statement and the fund statement',
};
