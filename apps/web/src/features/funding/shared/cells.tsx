import type { LookupClient } from '@brokerdesk/contract';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { formatEpoch, fullName } from '../../../shared/formatters.ts';
import { isFailedMtStatus, statusColor } from '../../../shared/status-colors.ts';

/** Clicks on a link or button inside a row must not also open the row's modal. */
export const stopRowEvent = (event: SyntheticEvent) => event.stopPropagation();

/** Times never wrap: 'YYYY/MM/DD HH:mm:ss' on one line reads as one value. */
export function TimeCell({ seconds }: { seconds: number | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatEpoch(seconds)}</span>;
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
    <Badge color={statusColor(status)} variant="light" size="sm" styles={{ label: { overflow: 'visible' } }}>
      {status}
    </Badge>
  );
}

/**
 * A platform (MT) status: SUCCESS in green, an error in red with its full text, nothing yet as a dash
 * (not run, or still running).
 */
export function MtStatusText({ value }: { value: string }) {
  if (!value) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text span size="sm" fw={600} c={isFailedMtStatus(value) ? 'red.9' : 'green.8'}>
      {value}
    </Text>
  );
}

/** The request status and, once the platform answered, its MT status (historical tabs). */
export function RequestStatusCell({ status, mtStatus }: { status: string; mtStatus: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={status} />
      {mtStatus && (
        <Tooltip label={`Platform: ${mtStatus}`} withArrow>
          <span>
            <MtStatusText value={mtStatus} />
          </span>
        </Tooltip>
      )}
    </Group>
  );
}
