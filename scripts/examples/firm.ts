// The example firm: a partner who signs (an ADMIN holding the registrations each statute asks of its signatory),
// a valuer who prepares and locks, an independent reviewer for Gate 2, and two valuers registered for the
// IBC asset classes the partner is not registered for. Every member is invited and accepts as people do.
import { createHash } from 'node:crypto';
import type { Client, Person } from './client.js';

export const FIRM = {
  name: 'Mehta & Iyer Valuation Advisors LLP',
  address: '4th Floor, Lotus House, 12 Senapati Bapat Road, Pune 411016, Maharashtra',
  ibbiRegistration: 'IBBI/RV-E/02/2020/123',
  icaiFirmRegistrationNumber: '118402W',
  gstin: '27AAJFM1234K1Z8', // with a valid check digit
};

const PASSWORD = 'Sahyadri-examples-correct-horse-battery';

/** The partner: a chartered accountant (ICAI) and an IBBI registered valuer for securities or financial assets. */
export const PARTNER_REGISTRATIONS = [
  { type: 'ICAI_MEMBERSHIP', number: '112233' },
  {
    type: 'IBBI_RV',
    number: 'IBBI/RV/03/2019/12345',
    assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS',
    rvo: 'ICAI Registered Valuers Organisation',
  },
];
/**
 * Each report has its own UDIN (a UDIN is one document's), of the shape the ICAI portal issues: the year, the partner's
 * membership number, then six letters and four digits of the example's own (e.g. 26112233ABCDEF1234).
 */
export const partnerUdin = (slug: string, membership = '112233') => {
  const h = createHash('sha256').update(slug).digest();
  const letters = [...h.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  const digits = String(h.readUInt16BE(6) % 10000).padStart(4, '0');
  return `26${membership}${letters}${digits}`;
};

export interface ExampleFirm {
  partner: Person;
  /** The partner's ICAI membership number, which their UDINs carry (the examples' partner's when not given). */
  partnerMembership?: string;
  valuer: Person;
  reviewer: Person;
  landValuer: Person;
  plantValuer: Person;
}

export async function setUpFirm(client: Client, tag: string): Promise<ExampleFirm> {
  const email = (who: string) => `${who}.${tag}@mehta-iyer.example.in`;
  const partner = await client.person(
    'Vikram Mehta',
    await client.call('POST', '/api/v1/auth/signup', undefined, {
      firmName: FIRM.name,
      name: 'Vikram Mehta',
      email: email('vikram'),
      password: PASSWORD,
    }),
  );
  await client.call('PATCH', '/api/v1/auth/me', partner, {
    designation: 'Partner',
    registrations: PARTNER_REGISTRATIONS,
  });
  await client.call('PATCH', '/api/v1/settings/firm', partner, {
    legalName: FIRM.name,
    address: FIRM.address,
    ibbiRegistration: FIRM.ibbiRegistration,
    icaiFirmRegistrationNumber: FIRM.icaiFirmRegistrationNumber,
    gstin: FIRM.gstin,
  });

  return { partner, ...(await inviteMembers(client, partner, email)) };
}

/**
 * The members a partner's firm needs for a report to go through its gates: a valuer, an independent reviewer and the
 * IBC class valuers. Each is invited and accepts as people do; without SMTP the invitation answers with its link.
 */
export async function inviteMembers(
  client: Client,
  partner: Person,
  email: (who: string) => string,
  password = PASSWORD,
): Promise<Omit<ExampleFirm, 'partner' | 'partnerMembership'>> {
  const member = async (name: string, designation: string, registrations: unknown[] = []) => {
    const to = email(name.split(' ')[0].toLowerCase());
    const invited = (
      await client.call('POST', '/api/v1/team/invite', partner, { email: to, name, role: 'VALUER' })
    ).json<{ acceptPath?: string }>();
    if (!invited.acceptPath) throw new Error('the examples run without SMTP: the invitation should show its link');
    const token = new URL(invited.acceptPath, client.base).searchParams.get('token');
    const person = await client.person(
      name,
      await client.call('POST', '/api/v1/auth/accept-invite', undefined, { token, password }),
    );
    await client.call('PATCH', '/api/v1/auth/me', person, { designation, registrations });
    return person;
  };
  return {
    valuer: await member('Ananya Iyer', 'Manager, valuations'),
    reviewer: await member('Rohan Desai', 'Director, quality review'),
    landValuer: await member('Suresh Nair', 'Registered valuer (land and building)', [
      {
        type: 'IBBI_RV',
        number: 'IBBI/RV/01/2018/10871',
        assetClass: 'LAND_AND_BUILDING',
        rvo: 'RVO Estate Managers and Appraisers Foundation',
      },
    ]),
    plantValuer: await member('Kavita Rao', 'Registered valuer (plant and machinery)', [
      {
        type: 'IBBI_RV',
        number: 'IBBI/RV/02/2019/11204',
        assetClass: 'PLANT_AND_MACHINERY',
        rvo: 'Institution of Valuers',
      },
    ]),
  };
}
