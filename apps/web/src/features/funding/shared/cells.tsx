import type { LookupClient } from '@brokerdesk/contract';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { fullName } from '../../../shared/formatters.ts';
import { isFailedMtStatus, statusColor } from '../../../shared/status-colors.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

/** Clicks on a link or button inside a row must not also open the row's modal. */
export const stopRowEvent = (event: SyntheticEvent) => event.stopPropagation();

/** Times never wrap: 'YYYY/MM/DD HH:mm:ss' on one line reads as one value. */
export function TimeCell({ seconds }: { seconds: number | null | undefined }) {
  return <EpochTime seconds={seconds} />;
}

/**
 * The client's first and last name, linked to the profile; the email in the tooltip. A client the
 * lookup did not return (deleted) still shows the id, so the request can be traced.
 */
export function ClientCell({ userId, client }: { userId: string; client: LookupClient | undefined }) {
  const name = client ? fullName(client.name, client.surname) || client.email : userId;
  return (
    <Anchor
      component={Link}
      to={`/user/profile/${userId}`}
      size="sm"
      c="inherit"
      underline="hover"
      title={client?.email}
      onClick={stopRowEvent}
      onDoubleClick={stopRowEvent}
    >
      {name}
    </Anchor>
  );
}

/** A request status word as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    // White behind the word keeps it readable on every row colour, the bright red one included.
    <Badge color={statusColor(status)} variant="white" size="sm" styles={{ label: { overflow: 'visible' } }}>
      {status}
    </Badge>
  );
}

/**
 * A failed platform operation, word for word: dark red with white text, readable on the bright red
 * row it sits in (SPEC 4) as well as on white.
 */
export function MtFailure({ value }: { value: string }) {
  return (
    <Badge
      color="red.9"
      variant="filled"
      size="md"
      tt="none"
      radius="sm"
      title={`Platform: ${value}`}
      styles={{ label: { overflow: 'visible' } }}
    >
      {value}
    </Badge>
  );
}

/** A platform (MT) status: SUCCESS in green, a failure as MtFailure, nothing yet as a dash. */
export function MtStatusText({ value }: { value: string }) {
  if (!value) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (isFailedMtStatus(value)) return <MtFailure value={value} />;
  return (
    <Text span size="sm" fw={600} c="green.9">
      {value}
    </Text>
  );
}

/**
 * The request status and, once the platform answered, its MT status (historical tabs): SUCCESS as a
 * green tick (narrow, the row is green anyway), a failure in words, since those need reading.
 */
export function RequestStatusCell({ status, mtStatus }: { status: string; mtStatus: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={status} />
      {mtStatus === 'SUCCESS' && (
        <Tooltip label="Platform: SUCCESS" withArrow>
          <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-label="Platform: SUCCESS" />
        </Tooltip>
      )}
      {isFailedMtStatus(mtStatus) && <MtFailure value={mtStatus} />}
    </Group>
  );
}
