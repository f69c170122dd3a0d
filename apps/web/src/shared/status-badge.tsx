import { CellBadge } from './data-table/index.ts';
import { statusColor } from './status-colors.ts';

/** A request's or record's status as the lists show it: its own word, upper case, in its status colour. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <CellBadge color={statusColor(status)} uppercase>
      {status}
    </CellBadge>
  );
}
