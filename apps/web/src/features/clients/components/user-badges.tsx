import type { User, UserStatus } from '@brokerdesk/contract';
import { Badge, Text, Tooltip } from '@mantine/core';
import { statusColor } from '../../../shared/status-colors.ts';
import { EKYC_LABELS, USER_STATUS_LABELS, ekycState } from '../user-labels.ts';

/**
 * Mantine badges cut their label with an ellipsis when the column is narrow; a status must always be
 * readable, so the label keeps its full width and the table scrolls instead.
 */
const FULL_LABEL = { label: { overflow: 'visible' } } as const;

export function UserStatusBadge({
  status,
  size = 'sm',
}: {
  status: UserStatus;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge color={statusColor(status)} variant="light" size={size} tt="none" styles={FULL_LABEL}>
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The partner marker of the user list and the IB badge of the profile (SPEC 2.4, 2.6, 6). */
export function PartnerBadge({ size = 'xs' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Tooltip label="Partner (introducing broker)" withArrow>
      <Badge color="violet" variant="filled" size={size}>
        IB
      </Badge>
    </Tooltip>
  );
}

const EKYC_COLORS = { flagged: 'red', approved: 'green', pending: 'yellow', nonapproved: 'gray' } as const;

export function EkycBadge({ user }: { user: Pick<User, 'eKYCApproved' | 'eKYCPending' | 'eKYCFlagged'> }) {
  const state = ekycState(user);
  if (state === 'nonapproved') {
    return (
      <Text size="xs" c="dimmed">
        {EKYC_LABELS[state]}
      </Text>
    );
  }
  return (
    <Badge
      color={EKYC_COLORS[state]}
      variant={state === 'flagged' ? 'filled' : 'light'}
      size="sm"
      tt={state === 'flagged' ? undefined : 'none'}
      styles={FULL_LABEL}
    >
      {EKYC_LABELS[state]}
    </Badge>
  );
}
