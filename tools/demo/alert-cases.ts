import type { Db } from '@brokerdesk/server/db/client';
import * as s from '@brokerdesk/server/db/schema';

/**
 * Demo clients whose money trips each alert rule (docs/product.md [alerts.rules]), so the Alerts screen,
 * the request lists' flags and the return-to-source proposals show real cases out of the box. They are
 * clients of their own ("Case" in their surname), written after the rest of the demo, so every other
 * demo row stays what it was. Their withdrawals stay pending: the low-trading rule is left to the
 * server, which reads their (empty) trading from its platform when it drains the alert queue.
 */

const DAY = 86_400;
/** Ids 24 hex characters like the rest; `ca5e` marks the cases. */
const caseId = (kind: string, n: number) => `ca5e${kind}${String(n).padStart(24 - 4 - kind.length, '0')}`;

type Case = {
  n: number;
  name: string;
  phone?: string;
  declared?: { expectedDeposit: string; savings: string };
  deposits: { daysAgo: number; amount: number; currency?: string; type?: string; source?: string }[];
  withdrawal?: { daysAgo: number; amount: number; currency?: string; type?: string; destination?: string };
  bankAddedDaysAgo?: number;
};

const SHARED_PHONE = '+44 7700 900461';

const CASES: Case[] = [
  // Low trading: deposits, no trade, a withdrawal (raised by the server, which reads the platform).
  {
    n: 1,
    name: 'Lena',
    deposits: [{ daysAgo: 6, amount: 1500, source: '4929 **** 7711' }],
    withdrawal: { daysAgo: 0.2, amount: 400, destination: '4929 **** 7711', type: 'others' },
  },
  // Split deposits: three under the 10,000 four-eyes threshold within a day, 12,000 together.
  {
    n: 2,
    name: 'Marek',
    deposits: [9.5, 9.2, 9].map((h) => ({
      daysAgo: h / 24,
      amount: 4000,
      type: 'wire',
      source: 'PL61109010140000071219812874',
    })),
  },
  // Round trip: 3,000 in, 2,800 asked back three days later.
  {
    n: 3,
    name: 'Nora',
    deposits: [{ daysAgo: 3, amount: 3000, type: 'wire', source: 'ES9121000418450200051332' }],
    withdrawal: { daysAgo: 0.1, amount: 2800, destination: 'ES9121000418450200051332' },
  },
  // A new destination: card money still to go back, the withdrawal asked to a crypto wallet.
  {
    n: 4,
    name: 'Omar',
    deposits: [{ daysAgo: 20, amount: 900, source: '5425 **** 2310' }],
    withdrawal: {
      daysAgo: 0.3,
      amount: 600,
      type: 'crypto',
      destination: 'bc1qcase4w0000000000000000000000000000000',
    },
  },
  // Above what was declared: "Under 1,000" expected, 2,400 in over ten days.
  {
    n: 5,
    name: 'Petra',
    declared: { expectedDeposit: 'Under 1,000', savings: '15,000 - 50,000' },
    deposits: [10, 6, 2].map((d) => ({ daysAgo: d, amount: 800, currency: 'GBP', source: '4556 **** 0385' })),
  },
  // Bank details added the day before a withdrawal.
  {
    n: 6,
    name: 'Quentin',
    deposits: [{ daysAgo: 40, amount: 2000, type: 'wire', source: 'FR1420041010050500013M02606' }],
    withdrawal: { daysAgo: 0.05, amount: 300 },
    bankAddedDaysAgo: 1,
  },
  // One phone number given by two clients.
  {
    n: 7,
    name: 'Rosa',
    phone: SHARED_PHONE,
    deposits: [{ daysAgo: 4, amount: 150, type: 'ewallet', source: 'rosa.case@skrill.test' }],
  },
  {
    n: 8,
    name: 'Sven',
    phone: SHARED_PHONE.replace(/\s/g, ''),
    deposits: [{ daysAgo: 2, amount: 120, type: 'ewallet', source: 'sven.case@skrill.test' }],
  },
];

const PAYMENT_NAMES: Record<string, string> = {
  card: 'Visa',
  wire: 'Bank Transfer',
  ewallet: 'Skrill',
  crypto: 'Crypto',
  others: 'Visa',
};

/** Writes the case clients and their money; answers the ids of their requests, to be evaluated. */
export async function addAlertCases(db: Db, now: number) {
  const requests: { type: 'deposit' | 'withdrawal'; id: string }[] = [];
  for (const c of CASES) {
    const userId = caseId('c', c.n);
    const account = 900_000 + c.n;
    const [made] = await db
      .insert(s.users)
      .values({
        id: userId,
        name: c.name,
        surname: 'Case',
        email: `${c.name.toLowerCase()}.case@demo.test`,
        mobilePhone: c.phone ?? `+44 7700 90${String(c.n).padStart(4, '0')}`,
        country: 'GB',
        nationality: 'GB',
        status: 'approved',
        emailVerified: true,
        eKycApproved: true,
        registered: true,
        firstAccountCreated: true,
        timestamp: now - 90 * DAY,
      })
      .onConflictDoNothing()
      .returning({ id: s.users.id });
    // Written once: a second run (the seed's check, a restart) only evaluates them again.
    const write = made !== undefined;
    if (write)
      await db.insert(s.applications).values({
        userId,
        user: {},
        employmentIncome: {
          employmentStatus: 'Employed',
          annualSalary: '15,000 - 50,000',
          wealthSource: 'Employment income',
          ...(c.declared ?? { expectedDeposit: 'Over 20,000', savings: 'Over 250,000' }),
        },
        tradingExperience: {},
        tradingPreferences: {},
      });
    for (const [i, d] of c.deposits.entries()) {
      const id = caseId('d', c.n * 10 + i);
      const at = Math.round(now - d.daysAgo * DAY);
      const type = d.type ?? 'card';
      requests.push({ type: 'deposit', id });
      if (!write) continue;
      await db.insert(s.deposits).values({
        id,
        userId,
        timestamp: at,
        depositType: type,
        depositPaymentName: PAYMENT_NAMES[type]!,
        depositCurrency: d.currency ?? 'EUR',
        depositAmountSent: d.amount,
        accountNumber: account,
        status: 'approved',
        mtStatus: 'SUCCESS',
        timeApproved: at + 600,
        sourceIdentifier: d.source ?? null,
      });
    }
    if (write && c.bankAddedDaysAgo !== undefined)
      await db.insert(s.bankAccounts).values({
        id: caseId('b', c.n),
        userId,
        bankName: 'Case Bank',
        // Complete as a UK account is on the Bank details form (address, number and sort code), so staff
        // can approve or decline it there like any other.
        bankAddress: '1 Case Street, London',
        bankAccountNumber: `1234567${c.n}`,
        bankSortCode: '20-00-00',
        bankCountry: 'GB',
        bankAccountCurrency: 'EUR',
        bankIban: `GB82WEST1234569876543${c.n}`,
        holderName: `${c.name} Case`,
        status: 'pending',
        timestamp: Math.round(now - c.bankAddedDaysAgo * DAY),
      });
    if (c.withdrawal) {
      const w = c.withdrawal;
      const id = caseId('e', c.n);
      const type = w.type ?? 'wire';
      requests.push({ type: 'withdrawal', id });
      if (!write) continue;
      await db.insert(s.withdrawals).values({
        id,
        userId,
        withdrawalType: type,
        withdrawalPaymentName: PAYMENT_NAMES[type]!,
        withdrawalCurrency: w.currency ?? 'EUR',
        withdrawalAmount: w.amount,
        accountNumber: account,
        // A transaction id like every demo withdrawal's, so the lists and their searches find it.
        requestId: `WDCASE${String(c.n).padStart(4, '0')}`,
        timestamp: Math.round(now - w.daysAgo * DAY),
        status: 'pending',
        destinationIdentifier: w.destination ?? null,
      });
    }
  }
  return requests;
}

/** The case withdrawals: the server evaluates them again with its platform (low trading). */
export const CASE_WITHDRAWAL_PREFIX = 'ca5ee';
