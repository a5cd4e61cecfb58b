// The line of guidance above each IBC asset register table of the financials templates, in the valuer's words
// (docs/financials-template.md, docs/asset-registers.md): what a row is and how the service values it.

export const REGISTER_NOTES = {
  'liquidation.registers.land':
    'IBC asset register, land: one row per parcel with its survey number, area, unit and title; book values and prices in the unit above, rates in rupees. Fair value = area × adopted rate, the adopted rate being the mean of the adjusted rates of the parcel’s comparable sales below unless you write the rate you adopt and why. Liquidation value = fair value × (1 − forced-sale discount), with the marketing period and the reason.',
  'liquidation.registers.landComparables':
    'Comparable sales of land: one row per sale, naming the parcel it is compared with (as written above), its date, place, area (in the parcel’s unit) and price. Adjust its rate in percent for location, size, time and anything else (−10 for 10 % less); the adjustments are added together and applied once.',
  'liquidation.registers.buildings':
    'Buildings: built-up area, replacement cost rate in rupees per unit of area, age and total life in years, and the condition seen. Depreciated replacement cost = area × rate × (1 − age ÷ total life) × condition factor (percent; 100 where the condition is what the age implies).',
  'liquidation.registers.machinery':
    'Plant and machinery: each item or group with its make, year of manufacture, replacement cost new (or historical cost indexed), useful life and obsolescence in percent. Depreciated replacement cost = cost × (1 − age ÷ useful life) × (1 − obsolescence), the age counted to the year of the balance sheet.',
  'liquidation.registers.inventories':
    'Inventories by category and age: the book value and the percent of it recoverable on sale.',
  'liquidation.registers.receivables':
    'Trade receivables by ageing bucket: the book value and the percent of it recoverable.',
  'liquidation.registers.cash': 'Cash and bank balances: each account at its book value.',
  'liquidation.registers.investments':
    'Investments: quoted ones at quantity × quoted price (rupees per unit), the others at the net asset value of the holding, with where the price or the value comes from.',
  'liquidation.reconciliation':
    'Reconciliation: each asset line of the balance sheet, picked from the list, with the asset class it is valued in (a row for each class) or the reason it is excluded. A line left out is valued in the class of its nature.',
} as const;
