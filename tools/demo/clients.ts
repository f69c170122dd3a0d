import type { UserStatus } from '@brokerdesk/contract';
import { COUNTRIES, RESTRICTED_COUNTRY, UK, type DemoCountry } from './countries.ts';
import type { Client, SeedState } from './context.ts';
import { DAY, YEAR, Weighted, weighted } from './random.ts';
import { addApplication, addKycDocuments } from './application.ts';

/**
 * argon2id of a random secret that was thrown away: demo clients never sign in to this console, and
 * hashing once per client would make 100,000 clients take hours. Nobody can sign in as one, even
 * after a role change, until a password is set.
 */
export const DEMO_CLIENT_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$2blTgJPGNRX4/YfmhK08KA$aXk9FgwtOISMJXx1V8o4bF5vpkaFrbPR5GtMW/fpGhA';

const COUNTRY = new Weighted(COUNTRIES.map((c) => [c.code, c.weight] as const));
// Approved first: the coverage rule of DemoRandom.pick makes the first client approved, so the
// first partner (also approved) comes early even in a tiny data set.
const STATUS = weighted<UserStatus>({ approved: 52, new: 16, pending: 12, rejected: 11, disabled: 9 });
const ROLE = weighted({ PARTNER: 4, USER: 96 });
const ACCOUNT_TYPE = weighted({ Individual: 87, Corporate: 13 });
const TYPE = weighted({ Standard: 55, ECN: 30, 'Mini FX': 15 });
const LEVERAGE = new Weighted<number>([
  [50, 5],
  [100, 30],
  [200, 25],
  [300, 15],
  [400, 10],
  [500, 15],
]);
type Kyc = 'approved' | 'pending' | 'flagged' | 'none';
const KYC: Record<UserStatus, Weighted<Kyc>> = {
  approved: weighted<Kyc>({ approved: 88, none: 7, flagged: 5 }),
  new: weighted<Kyc>({ none: 70, pending: 25, flagged: 5 }),
  pending: weighted<Kyc>({ pending: 50, flagged: 25, none: 15, approved: 10 }),
  rejected: weighted<Kyc>({ flagged: 45, none: 35, pending: 10, approved: 10 }),
  disabled: weighted<Kyc>({ approved: 70, none: 20, flagged: 10 }),
};
/** Share of clients per status whose application is complete. */
const REGISTERED: Record<UserStatus, number> = {
  approved: 1,
  new: 0.3,
  pending: 0.92,
  rejected: 0.8,
  disabled: 1,
};
const FIRST_ACCOUNT: Record<UserStatus, number> = {
  approved: 0.92,
  new: 0,
  pending: 0,
  rejected: 0,
  disabled: 0.8,
};
const REASONS: Partial<Record<UserStatus, readonly string[]>> = {
  pending: [
    'Awaiting proof of address.',
    'Proof of identity has expired; a new document was requested.',
    'Source of funds to be confirmed.',
    'Name on the documents does not match the application.',
  ],
  rejected: [
    'Failed identity verification.',
    'Duplicate account.',
    'Insufficient trading knowledge for leveraged products.',
    'Document appears to be altered.',
  ],
  disabled: ["Closed at the client's request.", 'Dormant account.', 'Suspected fraud: under review.'],
};
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

/** A client (users row) with its application and KYC documents. */
export function addClient(state: SeedState, index: number): Client {
  const { r } = state;
  const code = r.draw(COUNTRY);
  const country = COUNTRIES.find((c) => c.code === code)!;
  // The broker does not take US residents: they stay as rejected applications.
  const status: UserStatus = country.code === RESTRICTED_COUNTRY ? 'rejected' : r.pick(STATUS);
  const role = status === 'approved' ? r.pick(ROLE) : 'USER';
  const loc = r.local(country);
  const sex = loc.person.sexType();
  const name = loc.person.firstName(sex);
  const surname = loc.person.lastName(sex);
  const since =
    status === 'new' ? r.between(r.now - 90 * DAY, r.now) : r.between(r.now - 2 * YEAR, r.now - 30 * DAY);
  const id = r.id(since);
  const registered = r.chance(REGISTERED[status]);
  const kyc = r.pick(KYC[status]);
  const birth =
    status === 'new' && r.chance(0.05)
      ? null
      : loc.date.birthdate({ mode: 'age', min: 18, max: 78, refDate: r.now * 1000 });
  const agentCode = role === 'PARTNER' ? nextAgentCode(state) : referral(state);
  const client: Client = {
    id,
    fullName: `${name} ${surname}`,
    since,
    country,
    currency: r.chance(0.8) ? country.currency : r.one(['EUR', 'GBP', 'USD'] as const),
    preferredType: r.draw(TYPE),
    preferredLeverage: r.draw(LEVERAGE),
    user: {
      id,
      role,
      title: r.chance(0.1) ? null : r.chance(0.05) ? 'Dr.' : sex === 'female' ? 'Mrs.' : 'Mr.',
      name,
      surname,
      email: `${slug(name)}.${slug(surname)}${index + 1}@${r.one(EMAIL_DOMAINS)}`,
      passwordHash: DEMO_CLIENT_PASSWORD_HASH,
      mobilePhone: loc.helpers.replaceSymbols(country.mobile),
      birthDay: birth ? birth.getUTCDate() : null,
      birthMonth: birth ? birth.getUTCMonth() + 1 : null,
      birthYear: birth ? birth.getUTCFullYear() : null,
      addressNo: loc.location.buildingNumber().trim(),
      address: loc.location.street(),
      city: loc.location.city(),
      postcode: loc.location.zipCode(),
      county: countyOf(country, loc),
      country: country.code,
      nationality: r.chance(0.85) ? country.code : r.draw(COUNTRY),
      status,
      accountType: r.pick(ACCOUNT_TYPE),
      reason:
        country.code === RESTRICTED_COUNTRY
          ? 'US residents are not accepted.'
          : r.one(REASONS[status] ?? ['']),
      agentCode,
      nullpointCmpId: r.chance(0.15) ? `cmp-${r.digits(6)}` : '',
      emailVerified: status === 'approved' || r.chance(0.7),
      eKycApproved: kyc === 'approved',
      eKycPending: kyc === 'pending',
      eKycFlagged: kyc === 'flagged',
      registered,
      firstAccountCreated: r.chance(FIRST_ACCOUNT[status]),
      timestamp: since,
      hubspotLifecycleId: null,
    },
  };
  state.rows.users.push(client.user);
  if (registered || r.chance(0.5)) addApplication(state, client, registered);
  addKycDocuments(state, client, registered);
  return client;
}

function countyOf(country: DemoCountry, loc: ReturnType<SeedState['r']['local']>): string {
  if (country.code === UK || country.code === 'IE') return loc.location.county();
  return loc.location.state();
}

/** Ascii letters of a name, for the local part of an email address ('Zoë Núñez' -> 'zoe.nunez'). */
function slug(s: string): string {
  return (
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'client'
  );
}

/** Agent codes grow with small gaps, as codes handed out over the years do. */
export function nextAgentCode(state: SeedState): number {
  const code = state.nextAgentCode;
  state.nextAgentCode += state.r.int(1, 9);
  state.agentCodes.push(code);
  return code;
}

function referral(state: SeedState): number | null {
  const { r, agentCodes } = state;
  return agentCodes.length > 0 && r.chance(0.25) ? r.one(agentCodes) : null;
}

/** CRM lifecycle from how far the client got; a few were never synced to the CRM. */
export function lifecycleOf(state: SeedState, client: Client, deposited: boolean): string | null {
  const { r } = state;
  if (r.chance(0.05)) return null;
  switch (client.user.status) {
    case 'new':
      return r.one(['42', '42', '61']);
    case 'pending':
      return r.one(['61', '78']);
    case 'approved':
      return deposited ? '44' : '46';
    default:
      return deposited ? '44' : r.one(['42', '61', '78', '46']);
  }
}
