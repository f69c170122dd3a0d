import type { ReconciliationMismatch } from '@brokerdesk/contract';

const DEPOSIT_TABS: Record<string, string> = { pending: 'pending', incomplete: 'incomplete' };
const WITHDRAWAL_TABS: Record<string, string> = {
  pending: 'pending',
  incomplete: 'incomplete',
  error: 'error',
};
const TRANSFER_TABS = ['pending', 'approved', 'rejected'];

/**
 * Where staff find a mismatch's request: its list, on the tab of the request's status, filtered to the
 * account (the lists filter by account, not by id). Null for a deal that names no request.
 */
export function requestLink(
  m: Pick<ReconciliationMismatch, 'requestType' | 'requestStatus' | 'login' | 'leg'>,
): string | null {
  const status = m.requestStatus ?? '';
  switch (m.requestType) {
    case 'deposit':
      return `/deposit-requests/${DEPOSIT_TABS[status] ?? 'historical'}?f.accountNumber=${m.login}`;
    case 'withdrawal':
      return `/withdrawal-requests/${WITHDRAWAL_TABS[status] ?? 'historical'}?f.accountNumber=${m.login}`;
    case 'transfer': {
      const tab = TRANSFER_TABS.includes(status) ? status : 'approved';
      const field = m.leg === 'transfer_destination' ? 'destinationAccount' : 'sourceAccount';
      return `/transfer-requests/${tab}?f.${field}=${m.login}`;
    }
    default:
      return null;
  }
}
