import type {
  FundingApproval,
  FundingRequestResponse,
  FundingType,
  LookupClient,
} from '@brokerdesk/contract';
import { useCallback, useState } from 'react';
import { useLinkedRow } from '../../../shared/use-linked-row.ts';
import { fundingApi } from './funding-api.ts';
import { fundingKeys } from './funding-keys.ts';
import type { FundingRow } from './funding-rows.ts';

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

/** The id an editor entry stands for (use-linked-row.ts wants a stable function). */
const editingId = (editing: Editing<FundingRow>) => editing.row._id;

/**
 * useRowEditor for the request lists, with the open row's id in the URL's `open` param
 * (use-linked-row.ts), so a link opens it and Back closes it. A row not on the current page is
 * fetched by id; the row is copied when it opens, as above.
 */
export function useLinkedRowEditor<T extends FundingRow>(
  type: FundingType,
  pick: (row: FundingRow) => row is T,
  list:
    | {
        transfers: readonly FundingRow[];
        clients: Readonly<Record<string, LookupClient>>;
        approvals?: Readonly<Record<string, FundingApproval>>;
      }
    | undefined,
) {
  const linked = useLinkedRow<Editing<T>, FundingRequestResponse>({
    idOf: editingId,
    loaded: !!list,
    fromLoaded: (id) => {
      const row = list?.transfers.find((r): r is T => r._id === id && pick(r));
      return row && { row, client: list?.clients[row.userId], approval: list?.approvals?.[id] };
    },
    fetch: {
      queryKey: (id) => fundingKeys[type].detail(id),
      queryFn: (id, signal) => fundingApi.request(type, id, { signal }),
      toEntry: ({ data }, id) => {
        const row = data.request;
        if (row._id !== id || !pick(row)) return undefined;
        return { row, client: data.clients[row.userId], approval: data.approvals[id] };
      },
    },
  });

  const { open: openLinked, close } = linked;
  const open = useCallback(
    (row: T, preset?: 'rejected') =>
      openLinked({ row, client: list?.clients[row.userId], preset, approval: list?.approvals?.[row._id] }),
    [list, openLinked],
  );
  // `close` is stable, so a modal's timers and effects keyed on it are not restarted by a re-render.
  return { editing: linked.entry, open, close };
}
