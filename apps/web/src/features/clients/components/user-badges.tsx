import type { User, UserStatus } from '@brokerdesk/contract';
import { CellBadge } from '../../../shared/data-table/index.ts';
import { statusColor } from '../../../shared/status-colors.ts';
import { EKYC_LABELS, USER_STATUS_LABELS, ekycState } from '../user-labels.ts';

// These sit in every row of the client list: CellBadge draws Mantine's badge without its component.

export function UserStatusBadge({
  status,
  size = 'sm',
}: {
  status: UserStatus;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <CellBadge color={statusColor(status)} size={size}>
      {USER_STATUS_LABELS[status]}
    </CellBadge>
  );
}

/**
 * The partner marker of the user list and the IB badge of the profile (docs/product.md [screen.client-list],
 * [screen.profile], [roles]).
 */
export function PartnerBadge({ size = 'xs' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <CellBadge color="violet" variant="filled" size={size} uppercase title="Partner (introducing broker)">
      IB
    </CellBadge>
  );
}

const EKYC_COLORS = { flagged: 'red', approved: 'green', pending: 'yellow', nonapproved: 'gray' } as const;
const DIMMED_XS = { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' };

export function EkycBadge({ user }: { user: Pick<User, 'eKYCApproved' | 'eKYCPending' | 'eKYCFlagged'> }) {
  const state = ekycState(user);
  if (state === 'nonapproved') return <span style={DIMMED_XS}>{EKYC_LABELS[state]}</span>;
  const flagged = state === 'flagged';
  return (
    <CellBadge color={EKYC_COLORS[state]} variant={flagged ? 'filled' : 'light'} uppercase={flagged}>
      {EKYC_LABELS[state]}
    </CellBadge>
  );
}
