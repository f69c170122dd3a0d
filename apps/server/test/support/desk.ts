import { eq } from 'drizzle-orm';
import { calls, type CallBody, type Role } from '@brokerdesk/contract';
import { startTestApp, STAFF_PASSWORD, type TestApp } from './test-app.ts';
import {
  kycDocuments,
  leverageChanges,
  subAccountRequests,
  tradingAccounts,
  users,
} from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { Database } from '../../src/db/client.ts';

type NewUser = Parameters<TestApp['createUser']>[0];
/** A staff member: an email (an ADMIN), or the email with a role and a name. */
export type StaffSpec = string | { email: string; role?: Role; name?: string };

/**
 * The start most API tests share: the app, one staff member signed in and, when `client` is given, a
 * client (a USER unless it says otherwise). The users are made before the sign-in, staff first.
 */
export async function startDesk(
  staff: StaffSpec,
  opts: { client?: NewUser; app?: Parameters<typeof startTestApp>[0] } = {},
) {
  const t = await startTestApp(opts.app);
  const who = typeof staff === 'string' ? { email: staff } : staff;
  const staffId = await t.createUser({ ...who, password: STAFF_PASSWORD });
  const clientId = opts.client ? await t.createUser({ role: 'USER', ...opts.client }) : '';
  const token = await t.signIn(who.email, STAFF_PASSWORD);
  return { t, token, staffId, clientId };
}

/** A staff member made and signed in: their id and session token. */
export async function staffSession(t: TestApp, email: string, role: Role = 'ADMIN', name?: string) {
  const id = await t.createUser({ email, password: STAFF_PASSWORD, role, name });
  return { id, token: await t.signIn(email, STAFF_PASSWORD) };
}

/**
 * Staff members `<who>@<domain>` (the first one a SYSOP, the rest ADMINs, each named as `who`), by name:
 * their ids. Tests that settle move the clock past the idle limit, so they sign in per test (signInAll).
 */
export async function staffRoster<W extends string>(t: TestApp, staff: readonly W[], domain: string) {
  const ids = {} as Record<W, string>;
  for (const who of staff) {
    ids[who] = await t.createUser({
      email: `${who}@${domain}`,
      password: STAFF_PASSWORD,
      role: who === staff[0] ? 'SYSOP' : 'ADMIN',
      name: who,
    });
  }
  return ids;
}

/** Fresh sessions for every member of a roster, written into `tokens`. */
export async function signInAll<W extends string>(
  t: TestApp,
  staff: readonly W[],
  domain: string,
  tokens: Record<W, string>,
) {
  for (const who of staff) tokens[who] = await t.signIn(`${who}@${domain}`, STAFF_PASSWORD);
}

/** Runs worker rounds, moving the clock past any back-off, until nothing is left to do. */
export async function settle(t: TestApp, rounds = 30) {
  for (let i = 0; i < rounds; i++) {
    if ((await t.worker.runOnce()).claimed === 0) {
      t.clock.advance(400);
      if ((await t.worker.runOnce()).claimed === 0) return;
    }
  }
  throw new Error('operations did not settle');
}

type AccountBody = CallBody<typeof calls.accounts.createSubAccount>;

/**
 * Asks for a trading account for a client as staff do: a live Standard USD 1:100 one unless `body`
 * says otherwise. Unchecked, so a request the server must refuse goes through it too.
 */
export function requestAccount(t: TestApp, token: string, userId: string, body: Partial<AccountBody> = {}) {
  return t.unchecked(
    calls.accounts.createSubAccount,
    {
      body: {
        userId,
        requestType: 'live',
        accType: 'Standard',
        baseCurrency: 'USD',
        leverage: 100,
        ...body,
      },
    },
    t.auth(token),
  );
}

/** A live account requested, expected to be accepted, and settled on the platform: its stored row. */
export async function openLiveAccount(
  t: TestApp,
  token: string,
  userId: string,
  body: Partial<AccountBody> = {},
) {
  const r = await requestAccount(t, token, userId, body);
  if (r.status !== 200 || !r.body.accountId)
    throw new Error(`no account opened (${r.status}): ${JSON.stringify(r.body)}`);
  await settle(t);
  const [acc] = await t.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, r.body.accountId));
  return acc!;
}

/** A client waiting on the stand-in KYC provider, with one identity document it is inspecting. */
export async function kycPendingClient(t: TestApp, email: string) {
  const clientId = await t.createUser({ email, role: 'USER', status: 'pending' });
  await t.db.update(users).set({ eKycPending: true }).where(eq(users.id, clientId));
  await t.db.insert(kycDocuments).values({
    id: newId(),
    userId: clientId,
    kind: 'IDENTITY',
    idDocType: 'PASSPORT',
    imageIds: [123456789],
    uploaded: true,
    verified: false,
    inspectionId: 'insp-1',
    timestamp: t.clock.now(),
  });
  return clientId;
}

/** The form staff fill to register a client, with `body`'s details over the usual ones. */
export function registration(body: {
  email: string;
  name: string;
  surname: string;
  address: string;
}): CallBody<typeof calls.clients.registerUser> {
  return {
    password: 'secret1',
    password2: 'secret1',
    title: 'Mrs.',
    mobilePhone: '07700 900123',
    addressNo: '1',
    city: 'Utrecht',
    postcode: '3511',
    country: 'NL',
    nationality: 'NL',
    birthDay: 3,
    birthMonth: 4,
    birthYear: 1985,
    ...body,
  };
}

/** A client's request for a leverage change, as the portal makes it: pending, from 100. */
export async function leverageRequest(
  t: TestApp,
  userId: string,
  row: { accountNumber: number; newLeverage: string } & Partial<typeof leverageChanges.$inferInsert>,
) {
  const id = row.id ?? newId();
  await t.db.insert(leverageChanges).values({
    userId,
    accountType: 'Standard',
    oldLeverage: '100',
    status: 'pending',
    timestamp: t.clock.now(),
    ...row,
    id,
  });
  return id;
}

/** A client's request for another account, as the portal makes it: a pending live ECN GBP 1:200 one. */
export async function subAccountRequest(
  t: TestApp,
  userId: string,
  over: Partial<typeof subAccountRequests.$inferInsert> = {},
) {
  const id = over.id ?? newId();
  await t.db.insert(subAccountRequests).values({
    userId,
    type: 'ECN',
    live: true,
    baseCurrency: 'GBP',
    leverage: 200,
    status: 'pending',
    timeCreated: t.clock.now(),
    ...over,
    id,
  });
  return id;
}

/**
 * Bare request rows of a client at `timestamp`, one of each kind the sidebar counters count, pending
 * (a test gives each its id and any other status).
 */
export const requestRows = (userId: string, timestamp: number) => ({
  deposit: (status: string) => ({
    id: newId(),
    userId,
    timestamp,
    depositCurrency: 'USD',
    depositAmountSent: 100,
    accountNumber: 500001,
    status,
  }),
  withdrawal: {
    userId,
    withdrawalType: 'wire',
    withdrawalCurrency: 'EUR',
    withdrawalAmount: 5,
    accountNumber: 1,
    timestamp,
    status: 'pending',
  },
  transfer: {
    userId,
    sourceAccount: 1,
    destinationAccount: 2,
    transferCurrency: 'USD',
    transferAmount: 10,
    timestamp,
    status: 'pending',
  },
  bankAccount: {
    userId,
    bankName: 'B',
    bankCountry: 'GB',
    bankAccountCurrency: 'GBP',
    status: 'pending',
    timestamp,
  },
});

/**
 * An approved client written straight to the database, as the client portal would (`<id>@client.test`
 * unless an email is given): its id. Takes an app or the event tests' instances.
 */
export async function addClient(
  t: { db: Database['db']; clock: { now(): number } },
  name: string,
  surname: string,
  email?: string,
) {
  const id = newId();
  await t.db.insert(users).values({
    id,
    email: email ?? `${id}@client.test`,
    name,
    surname,
    role: 'USER',
    status: 'approved',
    timestamp: t.clock.now(),
  });
  return id;
}
