import { describe, expect, it } from 'vitest';
import { BANK_STATUS_TABS } from '../banks/bank-labels.ts';
import { depositColumns } from '../deposits/deposit-columns.tsx';
import { transferColumns } from '../transfers/transfer-columns.tsx';
import { withdrawalColumns } from '../withdrawals/withdrawal-columns.tsx';
import {
  DEPOSIT_TABS,
  TRANSFER_TABS,
  WITHDRAWAL_TABS,
  depositTabColumns,
  transferTabColumns,
  withdrawalTabColumns,
} from './funding-tabs.ts';
import { HISTORICAL_TABS, historicalTabOf } from './historical-tabs.ts';

const noop = { onReject: () => {}, onApprove: () => {}, approvingId: undefined };
const headers = (columns: { header: string }[]) => columns.map((c) => c.header);

describe('status tabs', () => {
  it('has each route status once, labelled in capitals', () => {
    expect(DEPOSIT_TABS.map((t) => t.value)).toEqual(['historical', 'pending', 'incomplete']);
    expect(WITHDRAWAL_TABS.map((t) => t.value)).toEqual(['historical', 'pending', 'incomplete', 'error']);
    expect(TRANSFER_TABS.map((t) => t.label)).toEqual(['PENDING', 'APPROVED', 'REJECTED']);
  });

  it('shows rejected bank accounts as DECLINED', () => {
    expect(BANK_STATUS_TABS).toEqual([
      { value: 'pending', label: 'PENDING' },
      { value: 'approved', label: 'APPROVED' },
      { value: 'rejected', label: 'DECLINED' },
    ]);
  });

  it('opens Historical requests on DEPOSITS and ignores unknown tabs', () => {
    expect(HISTORICAL_TABS.map((t) => t.label)).toEqual(['DEPOSITS', 'WITHDRAWALS', 'INTERNAL TRANSFERS']);
    expect(historicalTabOf(null)).toBe('deposit');
    expect(historicalTabOf('transfer')).toBe('transfer');
    expect(historicalTabOf('nonsense')).toBe('deposit');
  });
});

describe('columns by tab', () => {
  it('deposits: Reject/Approve on Incomplete only; approval on tabs other than pending and incomplete', () => {
    expect(depositTabColumns('incomplete')).toMatchObject({ actions: true, approval: false });
    expect(depositTabColumns('pending')).toMatchObject({ actions: false, approval: false });
    expect(depositTabColumns('historical')).toMatchObject({ actions: false, approval: true });
    expect(headers(depositColumns({ tab: 'pending' }))).toEqual([
      'Gateway',
      'Time',
      'Payment method',
      'Name',
      'Alerts',
      'Transaction ID',
      'Account number',
      'Amount',
      'Currency',
    ]);
    expect(depositColumns({ tab: 'incomplete', actions: noop }).at(-1)?.id).toBe('actions');
    expect(headers(depositColumns({ tab: 'historical' }))).toEqual(
      expect.arrayContaining(['Approved time', 'Approved by']),
    );
  });

  it('withdrawals: details and buttons on Pending; details and approval on Historical and Error', () => {
    expect(withdrawalTabColumns('pending')).toMatchObject({ actions: true, details: true, approval: false });
    expect(withdrawalTabColumns('error')).toMatchObject({ actions: false, details: true, approval: true });
    expect(withdrawalTabColumns('incomplete')).toMatchObject({
      actions: false,
      details: false,
      approval: false,
    });
    const pending = headers(withdrawalColumns({ tab: 'pending', actions: noop }));
    expect(pending).toContain('Transaction details');
    expect(pending).not.toContain('Approved by');
  });

  it('transfers: Reject/Approve on pending only, amounts right-aligned', () => {
    expect(transferTabColumns('pending').actions).toBe(true);
    expect(transferTabColumns('approved').actions).toBe(false);
    const columns = transferColumns({ tab: 'approved' });
    expect(headers(columns)).toEqual([
      'From account',
      'To account',
      'Name',
      'Alerts',
      'Amount',
      'Currency',
      'Withdrawn status',
      'Deposited status',
      'Requested',
    ]);
    expect(columns.find((c) => c.id === 'transferAmount')?.align).toBe('right');
  });
});
