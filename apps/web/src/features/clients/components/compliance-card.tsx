import type { PROCESS_USER_STATUSES } from '@brokerdesk/contract';
import { MESSAGES, type User } from '@brokerdesk/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconClockPause, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { SectionCard } from '../../../shared/section-card.tsx';
import { useProcessUser } from '../client-mutations.ts';
import { PendingReasonModal } from './pending-reason-modal.tsx';
import { UserStatusBadge } from './user-badges.tsx';

type Action = (typeof PROCESS_USER_STATUSES)[number];

const BUTTONS: { status: Action; label: string; color: string; icon: typeof IconCheck }[] = [
  { status: 'approved', label: 'Approve', color: 'green', icon: IconCheck },
  { status: 'pending', label: 'Pending', color: 'yellow', icon: IconClockPause },
  { status: 'rejected', label: 'Reject', color: 'red', icon: IconX },
];

/**
 * Compliance (docs/product.md [screen.profile], [state.compliance]): Approve, Pending (with a reason) and
 * Reject, each confirmed with "Are you sure you want to change user status to …?". The profile reloads after
 * a change.
 */
export function ComplianceCard({ user }: { user: User }) {
  const process = useProcessUser();
  const [askingReason, setAskingReason] = useState(false);

  const run = async (status: Action) => {
    process.reset();
    if (status === 'pending') {
      setAskingReason(true);
      return;
    }
    const sure = await confirmAction({
      message: MESSAGES.changeUserStatus(status),
      danger: status === 'rejected',
    });
    if (sure) process.mutate({ userId: user._id, status, reason: '' });
  };

  return (
    <SectionCard title="Compliance">
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Current status:
          </Text>
          <UserStatusBadge status={user.status} />
        </Group>
        {user.reason && (
          <Text size="sm">
            <Text span c="dimmed">
              Reason:{' '}
            </Text>
            {user.reason}
          </Text>
        )}
        <Group gap="sm">
          {BUTTONS.map(({ status, label, color, icon: Icon }) => (
            <Button
              key={status}
              color={color}
              // Dark text on the yellow Pending button: white on yellow misses 4.5:1 contrast.
              autoContrast
              leftSection={<Icon size={16} />}
              loading={process.isPending && process.variables?.status === status}
              disabled={process.isPending && process.variables?.status !== status}
              onClick={() => void run(status)}
            >
              {label}
            </Button>
          ))}
        </Group>
        {/* A refusal (403 for a record this staff member may not change, 409 ...) says why. */}
        {process.error && !askingReason && <ErrorAlert errors={errorsOf(process.error)} />}
      </Stack>
      {askingReason && (
        <PendingReasonModal
          userId={user._id}
          currentReason={user.status === 'pending' ? user.reason : ''}
          loading={process.isPending}
          error={process.error}
          onClose={() => {
            process.reset();
            setAskingReason(false);
          }}
          onConfirm={(reason) =>
            process.mutate(
              { userId: user._id, status: 'pending', reason },
              { onSuccess: () => setAskingReason(false) },
            )
          }
        />
      )}
    </SectionCard>
  );
}
