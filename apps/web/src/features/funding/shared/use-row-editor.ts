import type { FundingApproval, LookupClient } from '@brokerdesk/contract';
import { useCallback, useState } from 'react';

export type Editing<T> = {
  row: T;
  /** The client as the list knew it when the modal opened (see below). */
  client: LookupClient | undefined;
  /** 'rejected' when opened by the list's Reject button. */
  preset?: 'rejected';
  /** Its four-eyes approval as the list knew it, if it has one. */
  approval?: FundingApproval;
};

/**
 * Which row's update modal is open. The row and its client are copied when it opens: a refresh after
 * the decision (or a poll) drops the row and its client from the list, and the modal, which may stay
 * open a moment (leverage, 3 s), must still say whose request it was.
 */
export function useRowEditor<T extends { _id: string; userId: string }>(
  clients: Readonly<Record<string, LookupClient>> | undefined,
  approvals?: Readonly<Record<string, FundingApproval>>,
) {
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const open = useCallback(
    (row: T, preset?: 'rejected') =>
      setEditing({ row, client: clients?.[row.userId], preset, approval: approvals?.[row._id] }),
    [clients, approvals],
  );
  // Stable, so a modal's timers and effects keyed on it are not restarted by a re-render.
  const close = useCallback(() => setEditing(null), []);
  return { editing, open, close };
}
