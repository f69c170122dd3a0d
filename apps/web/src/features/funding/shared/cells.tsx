import type { LookupClient } from '@brokerdesk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import type { SyntheticEvent } from 'react';
import { CellBadge, RowLink } from '../../../shared/data-table/index.ts';
import { fullName } from '../../../shared/formatters.ts';
import { isCheckingMtStatus, MT_STATUS_CHECKING } from '@brokerdesk/contract';
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
    <RowLink to={`/user/profile/${userId}`} inherit title={client?.email}>
      {name}
    </RowLink>
  );
}

/** A request status word as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    // White behind the word keeps it readable on every row colour, the bright red one included; yellow
    // words on white are too faint to read, so an open request's word is dark.
    <CellBadge
      color={statusColor(status) === 'yellow' ? 'dark.6' : statusColor(status)}
      variant="white"
      uppercase
    >
      {status}
    </CellBadge>
  );
}

/**
 * A failed platform operation, word for word: dark red with white text, readable on the bright red
 * row it sits in (docs/product.md [states]) as well as on white.
 */
export function MtFailure({ value }: { value: string }) {
  return (
    <CellBadge color="red.9" variant="filled" size="md" square title={`Platform: ${value}`}>
      {value}
    </CellBadge>
  );
}

const DIMMED_SM = { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dimmed)' };
const INLINE_ROW = { display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' } as const;

/**
 * A platform (MT) status: SUCCESS as a dark green badge with white text (readable on the bright red row
 * of a half-done transfer, where green text is not), a failure as MtFailure, nothing yet as a dash.
 */
export function MtStatusText({ value }: { value: string }) {
  if (!value) return <span style={DIMMED_SM}>—</span>;
  if (isFailedMtStatus(value)) return <MtFailure value={value} />;
  if (isCheckingMtStatus(value)) return <MtChecking value={value} />;
  return (
    <CellBadge color="green.9" variant="filled" size="md" square title={`Platform: ${value}`}>
      {value}
    </CellBadge>
  );
}

/**
 * The request status and, once the platform answered, its MT status (historical tabs): SUCCESS as a
 * green tick (narrow, the row is green anyway), a failure in words, since those need reading.
 */
export function RequestStatusCell({ status, mtStatus }: { status: string; mtStatus: string }) {
  return (
    <span style={INLINE_ROW}>
      <StatusBadge status={status} />
      {mtStatus === 'SUCCESS' && (
        <span title="Platform: SUCCESS" style={{ display: 'inline-flex' }}>
          <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-label="Platform: SUCCESS" />
        </span>
      )}
      {isFailedMtStatus(mtStatus) && <MtFailure value={mtStatus} />}
      {isCheckingMtStatus(mtStatus) && <MtChecking value={mtStatus} />}
    </span>
  );
}

/** An unknown platform outcome being waited out: amber, with until when and what it means on hover. */
export function MtChecking({ value }: { value: string }) {
  return (
    <span
      title={`${value}: the platform's answer was lost; the console checks whether it applied this and sends nothing again before then.`}
      style={{ color: 'var(--mantine-color-yellow-9)', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {MT_STATUS_CHECKING}
    </span>
  );
}
