import type { FundingApproval, FundingType, LookupClient } from '@brokerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useModalParam } from '../../../shared/use-modal-param.ts';
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

const ID = /^[0-9a-f]{24}$/;

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

/**
 * useRowEditor for the request lists, with the open row's id in the URL's `open` param
 * (use-modal-param.ts), so a link opens it and Back closes it. A row not on the current page is
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
  const modal = useModalParam();
  const id = modal.id;
  const [opened, setOpened] = useState<Editing<T> | null>(null);
  const [shownId, setShownId] = useState(id);
  // The param went away (closed, or Back): forget the copy, so opening the row again shows it afresh.
  if (shownId !== id) {
    setShownId(id);
    if (!id && opened) setOpened(null);
  }

  const kept = opened && opened.row._id === id ? opened : null;
  const onPage = id && !kept ? list?.transfers.find((r): r is T => r._id === id && pick(r)) : undefined;
  const fetched = useQuery({
    queryKey: fundingKeys[type].detail(id ?? ''),
    queryFn: (ctx) => fundingApi.request(type, id ?? '', { signal: ctx.signal }),
    enabled: !!id && !kept && !onPage && ID.test(id),
    retry: false,
  });

  let found: Editing<T> | null = null;
  if (id && !kept) {
    if (onPage) {
      found = { row: onPage, client: list?.clients[onPage.userId], approval: list?.approvals?.[id] };
    } else if (fetched.data && fetched.data.data.request._id === id && pick(fetched.data.data.request)) {
      const row = fetched.data.data.request;
      found = {
        row,
        client: fetched.data.data.clients[row.userId],
        approval: fetched.data.data.approvals[id],
      };
    }
  }
  if (found) setOpened(found);

  // A link to a request that is not there (or not of this kind): drop the param.
  const missing = !!id && !kept && !onPage && (!ID.test(id) || fetched.isError);
  const { open: openParam, close } = modal;
  useEffect(() => {
    if (missing) close();
  }, [missing, close]);

  const open = useCallback(
    (row: T, preset?: 'rejected') => {
      setOpened({ row, client: list?.clients[row.userId], preset, approval: list?.approvals?.[row._id] });
      openParam(row._id);
    },
    [list, openParam],
  );
  // `close` is stable, so a modal's timers and effects keyed on it are not restarted by a re-render.
  return { editing: kept ?? found, open, close };
}
