import type { MethodResult } from '../../domain/valuation/types.js';
import { COUNT_FORMAT, RUPEE_FORMAT, type Sheet } from './cells.js';

/**
 * The value per share under `ValuePerShare_<METHOD>`: equity ÷ shares, or, where the engine concluded fully
 * diluted (docs/valuation-method.md, Fully diluted shares), the basic figure (`ValuePerShare_<METHOD>_Basic`)
 * and then (equity + CCPS/CCD add-back + exercise proceeds) ÷ (shares + conversion shares + options
 * exercised), with the options the engine found in the money.
 */
/** The per-share cell, and where it is fully diluted the add-back and conversion-share cells it uses. */
export interface PerShareCells {
  perShare: string;
  addBack?: string;
  conversion?: string;
}

export function perShareCells(
  s: Sheet,
  m: MethodResult,
  equity: string,
  shares: string,
  name: (n: string, address: string) => void,
): PerShareCells {
  if (m.basicValuePerShare === undefined) {
    const perShare = s.put(
      'Value per equity share',
      { f: `${equity}/${shares}`, result: Number(m.valuePerShare) },
      RUPEE_FORMAT,
    );
    name(`ValuePerShare_${m.method}`, perShare);
    return { perShare };
  }
  const line = (label: string) => m.lines.find((l) => l.label.startsWith(label));
  const basic = s.put(
    'Value per equity share (basic)',
    { f: `${equity}/${shares}`, result: Number(m.basicValuePerShare) },
    RUPEE_FORMAT,
  );
  const addBackValue =
    line('Of which added back for this method')?.value ??
    String(Number(line('Add: CCPS capital')?.value ?? 0) + Number(line('Add: CCD principal')?.value ?? 0));
  const addBack = s.put(
    'Add: CCPS capital and CCD principal (converted, not deducted)',
    Number(addBackValue),
    RUPEE_FORMAT,
  );
  const conversion = s.put(
    'Equity shares on conversion of CCPS and CCDs',
    Number(line('Equity shares on conversion')?.value ?? 0),
    COUNT_FORMAT,
  );
  const proceeds: string[] = [];
  const exercised: string[] = [];
  for (const l of m.lines.filter((x) => x.label.startsWith('Exercised: '))) {
    const count = s.put(`${l.label} (options)`, Number(l.value), COUNT_FORMAT);
    const price = s.put('    exercise price (₹)', Number(/₹([\d.]+)$/.exec(l.label)?.[1] ?? 0), RUPEE_FORMAT);
    exercised.push(count);
    proceeds.push(`${count}*${price}`);
  }
  const perShare = s.put(
    'Value per equity share (fully diluted)',
    {
      f: `(${equity}+${addBack}${proceeds.map((p) => `+${p}`).join('')})/(${shares}+${conversion}${exercised.map((c) => `+${c}`).join('')})`,
      result: Number(m.valuePerShare),
    },
    RUPEE_FORMAT,
  );
  name(`ValuePerShare_${m.method}_Basic`, basic);
  name(`ValuePerShare_${m.method}`, perShare);
  // Each diluted method's figure under a name that says whose it is.
  name(`ValuePerShare_Diluted_${m.method}`, perShare);
  return { perShare, addBack, conversion };
}
