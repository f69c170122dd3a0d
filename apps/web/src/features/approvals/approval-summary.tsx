import { FOUR_EYES_MESSAGES, type FundingApproval } from '@brokerdesk/contract';
import { Alert, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { formatEpoch } from '../../shared/formatters.ts';
import { adminLabel } from '../accounts/admin-label.ts';
import { approverNames, isAwaiting } from './four-eyes-rules.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';

type Admins = Readonly<Record<string, string>> | undefined;

function Approver({
  label,
  by,
  at,
  comment,
  admins,
}: {
  label: string;
  by: string;
  at: number;
  comment: string | null;
  admins: Admins;
}) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {adminLabel(by, admins)}, <EpochTime seconds={at} />
      {comment ? ` — “${comment}”` : ''}
    </Text>
  );
}

/** Who approved a request above its four-eyes threshold, when, and what they wrote (update modals). */
export function ApprovalSummary({ approval: a, admins }: { approval: FundingApproval; admins: Admins }) {
  const awaiting = isAwaiting(a);
  return (
    <Alert
      color={awaiting ? 'yellow' : 'green'}
      variant="light"
      icon={<IconUsers size={18} />}
      title={awaiting ? FOUR_EYES_MESSAGES.awaitingSecond : 'Approved by two staff members'}
    >
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {a.amount.toFixed(2)} {a.currency} is above the four-eyes threshold of {a.threshold.toFixed(2)}{' '}
          {a.currency}.
        </Text>
        <Approver
          label="First approval"
          by={a.firstBy}
          at={a.firstAt}
          comment={a.firstComment}
          admins={admins}
        />
        {a.secondBy && a.secondAt !== null && (
          <Approver
            label="Second approval"
            by={a.secondBy}
            at={a.secondAt}
            comment={a.secondComment}
            admins={admins}
          />
        )}
      </Stack>
    </Alert>
  );
}

/** The list cell: awaiting with the first approver, or both approvers once done. */
export function ApprovalCell({
  approval: a,
  admins,
}: {
  approval: FundingApproval | undefined;
  admins: Admins;
}) {
  if (!a) return null;
  const names = approverNames(a, admins);
  const when = `First approval ${formatEpoch(a.firstAt)}${a.secondAt ? `, second ${formatEpoch(a.secondAt)}` : ''}`;
  return (
    <Tooltip label={when} withArrow>
      <Group gap={6} wrap="nowrap">
        <Badge
          size="sm"
          variant={isAwaiting(a) ? 'filled' : 'white'}
          color={isAwaiting(a) ? 'yellow.8' : 'green'}
          styles={{ label: { overflow: 'visible' } }}
        >
          {isAwaiting(a) ? FOUR_EYES_MESSAGES.awaitingSecond : 'Two approvals'}
        </Badge>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {isAwaiting(a) ? `1st: ${names}` : names}
        </Text>
      </Group>
    </Tooltip>
  );
}
