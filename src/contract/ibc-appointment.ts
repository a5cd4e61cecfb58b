// Who appoints the registered valuers under the IBC (docs/statutes.md, IBC: who appoints): in a corporate
// insolvency resolution process the resolution professional (CIRP Regulations, Reg 27), in liquidation the
// liquidator (Liquidation Process Regulations, Reg 35). A board of directors is suspended (CIRP) or gone
// (liquidation) and appoints no one; the appointing officer is named with their IBBI registration.
import { z } from 'zod';

/** An insolvency professional's IBBI registration, e.g. IBBI/IPA-001/IP-P01234/2019-2020/12345. */
export const IBBI_IP_REGISTRATION = /IBBI\/IPA-\d{3}\/IP-[A-Z]\d{5}\/\d{4}-\d{4}\/\d{5}/;

export const IBC_APPOINTING_EXAMPLE = {
  CIRP: 'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
  LIQUIDATION: 'Nandita Shah, Liquidator (IBBI/IPA-002/IP-N00456/2020-2021/13579)',
} as const;

/** Why this appointing authority cannot appoint under the IBC for this purpose, or null when it can. */
export function ibcAppointingAuthorityProblem(purpose: string | null | undefined, authority: string): string | null {
  const liquidation = purpose === 'LIQUIDATION_REALISABLE_VALUE';
  const officer = liquidation ? 'liquidator' : 'resolution professional';
  const example = liquidation ? IBC_APPOINTING_EXAMPLE.LIQUIDATION : IBC_APPOINTING_EXAMPLE.CIRP;
  const rule = liquidation
    ? 'Regulation 35 of the Liquidation Process Regulations'
    : 'Regulation 27 of the CIRP Regulations';
  if (
    !new RegExp(liquidation ? 'liquidator' : 'resolution professional', 'i').test(authority) ||
    !IBBI_IP_REGISTRATION.test(authority)
  ) {
    return `Under the IBC the ${officer} appoints the registered valuers (${rule}): name them with their IBBI registration, e.g. "${example}"`;
  }
  return null;
}

/** An insolvency professional's IBBI registration, as a request field (upper-cased, the pattern above). */
export const ibbiIpRegistration = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (v) => new RegExp(`^${IBBI_IP_REGISTRATION.source}$`).test(v),
      'must be an IBBI insolvency professional registration such as IBBI/IPA-001/IP-P01234/2019-2020/12345',
    );
