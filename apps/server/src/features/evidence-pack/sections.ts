import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, EVIDENCE_PACK_AUDIT_ACTION } from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  alerts,
  applications,
  auditLog,
  bankAccounts,
  clientLogs,
  deposits,
  ibRequests,
  kycDocuments,
  leverageChanges,
  subAccountRequests,
  transfers,
  users,
  withdrawals,
} from '../../db/schema.ts';
import { cursorBatchesWith } from '../../lib/cursor-stream.ts';
import { fundingSection } from './funding-section.ts';
import { documentViews } from './documents.ts';
import { amount, label, text, when, yesNo } from './format.ts';
import type { OwnedTable, Scope } from './scope.ts';

/** A column of a section's table in summary.pdf: its header, its share of the width, its cell. */
export type Column = { header: string; width: number; cell: (row: Row) => string };
export type Row = Record<string, unknown>;

/**
 * One part of the pack's facts, written twice from the same rows: whole into data.json under `key`, and
 * readable into summary.pdf under `title` (a table of `columns`, or label/value lines for a `fields`
 * section of one row). Rows come in batches, so a client with ten thousand deposits is read through a
 * cursor and never held whole.
 */
export type Section = {
  key: string;
  title: string;
  /** Said under the title in summary.pdf. */
  note?: string;
  /** Shown when there are no rows. */
  empty: string;
  rows: () => AsyncIterable<Row[]>;
} & ({ shape: 'fields'; fields: (row: Row) => [string, string][] } | { shape: 'table'; columns: Column[] });

/** Staff members by id, with the name a reader recognises. */
export type StaffNames = Map<string, string>;

export async function staffNames(db: Db): Promise<StaffNames> {
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(inArray(users.role, ['ADMIN', 'SYSOP']));
  return new Map(rows.map((r) => [r.id, `${r.name} ${r.surname}`.trim() || r.email]));
}

const once = (rows: () => Promise<Row[]>) =>
  async function* () {
    const all = await rows();
    if (all.length > 0) yield all;
  };

/** Rows of a table through a cursor, each batch passed through `enrich` (its look-ups in the cursor's transaction). */
export const cursor = <T extends PgTable>(
  db: Db,
  table: T,
  query: SQL,
  enrich: (tx: DbOrTx, rows: Row[]) => Promise<Row[]> = async (_tx, rows) => rows,
) =>
  async function* () {
    for await (const batch of cursorBatchesWith(db, table, query, (tx, rows) => enrich(tx, rows as Row[])))
      yield batch.lookup;
  };

/** Columns kept for the lists' filters (a copy of the client's name): not facts of the record. */
export const withoutSearchCopies = ({
  clientSearch: _s,
  clientName: _n,
  clientEmail: _e,
  ...row
}: Row): Row => row;

export type PackContext = {
  db: Db;
  scope: Scope;
  staff: StaffNames;
  /** The statements in documents/ by stored file name: their path in the pack. */
  statementPaths: Map<string, string>;
  generatedAt: number;
  generatedBy: string;
  keyId: string;
};

export function sectionsOf(c: PackContext): Section[] {
  const { db, scope, staff } = c;
  const who = (id: unknown) => (typeof id === 'string' && id ? (staff.get(id) ?? `id ${id}`) : '');
  const clientId = scope.clientId;
  const isClientPack = scope.subject === 'client';
  /** The pack's rows of a table of the client's, oldest first, as their own record (no search copies). */
  const ownRows = (table: OwnedTable, oldestFirst: AnyPgColumn) =>
    once(async () =>
      (await db.select().from(table).where(scope.rows(table)).orderBy(asc(oldestFirst))).map(
        withoutSearchCopies,
      ),
    );
  const sections: Section[] = [
    {
      key: 'pack',
      title: 'This pack',
      shape: 'fields',
      empty: '',
      rows: once(async () => [
        {
          subject: scope.subject,
          id: scope.id,
          clientId,
          generatedAt: c.generatedAt,
          generatedBy: c.generatedBy,
          keyId: c.keyId,
        },
      ]),
      fields: (r) => [
        ['About', `${label(String(r.subject))} ${text(r.id)}`],
        ['Client', text(r.clientId)],
        ['Made', when(r.generatedAt as number)],
        ['Made by', who(r.generatedBy)],
        ['Signed with key', text(r.keyId)],
        [
          'How to check it',
          'npm run audit:verify -- --pack <this file> --key <the public key shown on the Audit Trail screen>',
        ],
      ],
    },
    {
      key: 'client',
      title: 'Client identity',
      shape: 'fields',
      empty: 'The client record is missing.',
      rows: once(async () => {
        const [u] = await db.select().from(users).where(eq(users.id, clientId));
        if (!u) return [];
        const { passwordHash: _p, ...client } = u;
        return [client];
      }),
      fields: (u) => [
        ['Client id', text(u.id)],
        ['Name', [u.title, u.name, u.surname].filter(Boolean).join(' ')],
        ['Email', text(u.email)],
        ['Mobile phone', text(u.mobilePhone)],
        ['Date of birth', u.birthYear ? `${text(u.birthYear)}-${pad(u.birthMonth)}-${pad(u.birthDay)}` : ''],
        [
          'Address',
          [u.addressNo, u.address, u.city, u.postcode, u.county, u.country].filter(Boolean).join(', '),
        ],
        ['Nationality', text(u.nationality)],
        ['Account type', text(u.accountType)],
        ['Status', `${text(u.status)}${u.reason ? ` (${text(u.reason)})` : ''}`],
        ['Email verified', yesNo(u.emailVerified)],
        [
          'eKYC',
          u.eKycApproved
            ? 'approved'
            : u.eKycFlagged
              ? 'flagged'
              : u.eKycPending
                ? 'pending'
                : 'not approved',
        ],
        ['Registered', when(u.timestamp as number)],
      ],
    },
    {
      key: 'application',
      title: 'Application',
      shape: 'fields',
      empty: 'No application on file.',
      rows: once(async () => {
        const [a] = await db.select().from(applications).where(eq(applications.userId, clientId));
        return a ? [a] : [];
      }),
      fields: (a) =>
        (['user', 'employmentIncome', 'tradingExperience', 'tradingPreferences'] as const).flatMap((part) =>
          Object.entries((a[part] ?? {}) as Row).map(([k, v]): [string, string] => [
            `${label(part)}: ${label(k)}`,
            text(v),
          ]),
        ),
    },
    {
      key: 'kycDocuments',
      title: 'KYC documents',
      note: "Held by the identity-verification provider: each listed by the provider's reference (inspection and image ids).",
      shape: 'table',
      empty: 'No KYC documents.',
      rows: once(() =>
        db
          .select()
          .from(kycDocuments)
          .where(eq(kycDocuments.userId, clientId))
          .orderBy(asc(kycDocuments.timestamp)),
      ),
      columns: [
        { header: 'Document', width: 2, cell: (r) => `${label(text(r.kind))}: ${text(r.idDocType)}` },
        { header: 'Uploaded', width: 1, cell: (r) => yesNo(r.uploaded) },
        { header: 'Verified', width: 1, cell: (r) => yesNo(r.verified) },
        {
          header: 'Provider reference',
          width: 3,
          cell: (r) =>
            [text(r.inspectionId), ...((r.imageIds as unknown[]) ?? []).map(text)]
              .filter(Boolean)
              .join(' / '),
        },
        { header: 'Received', width: 2, cell: (r) => when(r.timestamp as number) },
      ],
    },
    {
      key: 'documentViews',
      title: "Who looked at the client's documents",
      shape: 'table',
      empty: 'Nobody opened these documents.',
      rows: once(() => documentViews(db, clientId)),
      columns: [
        { header: 'Viewed', width: 2, cell: (r) => when(r.at as number) },
        { header: 'By', width: 3, cell: (r) => who(r.actorId) },
        {
          header: 'Document',
          width: 3,
          cell: (r) => {
            const a = (r.after ?? {}) as Row;
            return `${label(text(a.kind))}: ${text(a.document)}`;
          },
        },
      ],
    },
    {
      key: 'decisions',
      title: 'KYC and compliance decisions',
      note: 'Every change staff made to the client, their bank details, accounts, requests and alerts; the decisions on deposits, withdrawals and transfers are in their tables below. Every audit record is in full in audit.jsonl.',
      shape: 'table',
      empty: 'No decisions recorded.',
      rows: cursor(
        db,
        auditLog,
        sql`select * from audit_log where id in (${scope.auditIds}) and action not in (${AUDIT_ACTIONS.documentViewed}, ${AUDIT_ACTIONS.documentLinkIssued}, ${EVIDENCE_PACK_AUDIT_ACTION}) and entity not in ('platform_operation', 'session', 'deposit', 'withdrawal', 'transfer') order by id`,
      ),
      columns: [
        { header: 'When', width: 2, cell: (r) => when(r.at as number) },
        { header: 'Who', width: 3, cell: (r) => (r.actorId ? who(r.actorId) : 'the system') },
        { header: 'What', width: 3, cell: (r) => `${text(r.action)} (${text(r.entity)})` },
        { header: 'Record', width: 1, cell: (r) => text(r.id) },
      ],
    },
    {
      key: 'bankAccounts',
      title: 'Bank accounts',
      shape: 'table',
      empty: 'No bank accounts.',
      rows: ownRows(bankAccounts, bankAccounts.timestamp),
      columns: [
        { header: 'Bank', width: 3, cell: (r) => `${text(r.bankName)}, ${text(r.bankCountry)}` },
        {
          header: 'Account',
          width: 3,
          cell: (r) => text(r.bankIban) || [r.bankAccountNumber, r.bankSortCode].filter(Boolean).join(' / '),
        },
        { header: 'Currency', width: 1, cell: (r) => text(r.bankAccountCurrency) },
        { header: 'Status', width: 1, cell: (r) => text(r.status) },
        {
          header: 'Statement',
          width: 3,
          cell: (r) => c.statementPaths.get(text(r.bankPoa)) ?? (r.bankPoa ? 'file missing' : ''),
        },
      ],
    },
    fundingSection(c, who, 'deposits', 'Deposits', deposits, 'deposit', ['dep'], {
      amount: (r) => amount(r.depositAmountSent as number, text(r.depositCurrency)),
      method: (r) => [r.depositType, r.depositPaymentName].filter(Boolean).map(text).join(' '),
      account: (r) => text(r.accountNumber),
    }),
    fundingSection(c, who, 'withdrawals', 'Withdrawals', withdrawals, 'withdrawal', ['wd'], {
      amount: (r) => amount(r.withdrawalAmount as number, text(r.withdrawalCurrency)),
      method: (r) => [r.withdrawalType, r.withdrawalPaymentName].filter(Boolean).map(text).join(' '),
      account: (r) => text(r.accountNumber),
    }),
    fundingSection(c, who, 'transfers', 'Transfers', transfers, 'transfer', ['trs', 'trd', 'trr'], {
      amount: (r) => amount(r.transferAmount as number, text(r.transferCurrency)),
      method: () => 'internal',
      account: (r) => `${text(r.sourceAccount)} -> ${text(r.destinationAccount)}`,
    }),
    {
      key: 'leverageChanges',
      title: 'Leverage changes',
      shape: 'table',
      empty: 'No leverage changes.',
      rows: ownRows(leverageChanges, leverageChanges.timestamp),
      columns: [
        { header: 'Asked', width: 2, cell: (r) => when(r.timestamp as number) },
        { header: 'Account', width: 2, cell: (r) => text(r.accountNumber) },
        { header: 'From / to', width: 2, cell: (r) => `${text(r.oldLeverage)} -> ${text(r.newLeverage)}` },
        { header: 'Status', width: 2, cell: (r) => `${text(r.status)} ${text(r.mtStatus)}`.trim() },
        { header: 'Comment', width: 3, cell: (r) => text(r.comment) },
      ],
    },
    {
      key: 'subAccountRequests',
      title: 'Sub-account requests',
      shape: 'table',
      empty: 'No sub-account requests.',
      rows: ownRows(subAccountRequests, subAccountRequests.timeCreated),
      columns: [
        { header: 'Asked', width: 2, cell: (r) => when(r.timeCreated as number) },
        {
          header: 'Account',
          width: 3,
          cell: (r) =>
            `${text(r.type)} ${r.live ? 'live' : 'demo'} ${text(r.baseCurrency)} 1:${text(r.leverage)}`,
        },
        { header: 'Status', width: 1, cell: (r) => text(r.status) },
        { header: 'Comment', width: 3, cell: (r) => text(r.comment) },
      ],
    },
    {
      key: 'ibRequests',
      title: 'IB requests',
      shape: 'table',
      empty: 'No IB requests.',
      rows: ownRows(ibRequests, ibRequests.timestamp),
      columns: [
        { header: 'Asked', width: 2, cell: (r) => when(r.timestamp as number) },
        { header: 'Status', width: 1, cell: (r) => text(r.status) },
        { header: 'Comment', width: 4, cell: (r) => text(r.comment) },
      ],
    },
    {
      key: 'alerts',
      title: 'Alerts and how they were resolved',
      note: 'Other clients named by an alert appear only masked (initials and the last four characters of their id).',
      shape: 'table',
      empty: 'No alerts.',
      rows: once(() => db.select().from(alerts).where(scope.alerts).orderBy(asc(alerts.createdAt))),
      columns: [
        { header: 'Raised', width: 2, cell: (r) => when(r.createdAt as number) },
        {
          header: 'Rule',
          width: 2,
          cell: (r) =>
            `${text(r.rule)}${r.requestId ? ` (${text(r.requestType)} ${text(r.requestId)})` : ''}`,
        },
        { header: 'Facts', width: 4, cell: (r) => text(r.facts) },
        {
          header: 'Resolution',
          width: 4,
          cell: (r) =>
            r.status === 'open'
              ? `open${r.assignedTo ? `, assigned to ${who(r.assignedTo)}` : ''}`
              : `${text(r.status)} by ${who(r.resolvedBy)}, ${when(r.resolvedAt as number)}: ${text(r.note)}`,
        },
      ],
    },
  ];
  if (isClientPack)
    sections.push({
      key: 'clientLog',
      title: 'Client log',
      shape: 'table',
      empty: 'The client log is empty.',
      rows: cursor(
        db,
        clientLogs,
        sql`select * from client_logs where user_id = ${clientId} order by timestamp, id`,
      ),
      columns: [
        { header: 'When', width: 2, cell: (r) => when(r.timestamp as number) },
        { header: 'Event', width: 5, cell: (r) => text(r.event) },
        { header: 'By', width: 2, cell: (r) => staff.get(text(r.actionedBy)) ?? text(r.actionedBy) },
      ],
    });
  return sections;
}

const pad = (v: unknown) => String(v ?? '').padStart(2, '0');
