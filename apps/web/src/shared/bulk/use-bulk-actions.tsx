import { BULK_REASON_RULES, type BulkAction, type BulkKind } from '@brokerdesk/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { confirmAction } from '../confirm-modal.tsx';
import type { DataTableColumn } from '../data-table/index.ts';
import { systemKeys } from '../query-keys.ts';
import { sendBulk } from './bulk-api.ts';
import { approveQuestion, rowsWord } from './bulk-copy.ts';
import { BulkReasonModal } from './bulk-reason-modal.tsx';
import { BulkProgress, BulkResults, type BulkRun } from './bulk-results.tsx';
import { keepSelectable, runInChunks, toggleAll, toggleOne } from './bulk-run.ts';
import { selectionColumn } from './selection-column.tsx';

type Options<T> = {
  kind: BulkKind;
  /** False on a tab whose rows can no longer be decided: no boxes, no buttons. */
  enabled: boolean;
  /** The page on screen. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Whether this row can be decided at all (open, not opened by staff ...). */
  canDecide: (row: T) => boolean;
  /** How the row is named in the results: 'John Smith, 100.00 USD'. */
  describe: (row: T) => string;
  /** The lists to load again afterwards (the menu counters always are). */
  invalidate: readonly QueryKey[];
};

export type BulkActions<T> = {
  /** The columns with the selection column first (unchanged when bulk is off). */
  withSelection: (columns: DataTableColumn<T>[]) => DataTableColumn<T>[];
  /** 'Approve selected (N)', 'Reject selected (N)': for the row above the table. */
  buttons: ReactNode;
  /** Progress while it runs, then the per-row results, and the reason modal: under the buttons. */
  feedback: ReactNode;
};

/**
 * Bulk Approve / Reject on a request list: tick rows on the page, confirm (the question of
 * docs/product.md [rule.approval-confirmations], or one reason for all), and each row goes through the
 * server's own rules; the results say per row what happened.
 */
export function useBulkActions<T>(o: Options<T>): BulkActions<T> {
  const { kind, enabled, rows, rowKey, canDecide, describe } = o;
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[]>([]);
  const [run, setRun] = useState<BulkRun | null>(null);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const running = run?.running ?? false;

  const selectable = useMemo(
    () => (enabled ? (rows ?? []).filter(canDecide).map(rowKey) : []),
    [enabled, rows, canDecide, rowKey],
  );
  // Rows that left the page (decided, another page) drop out of the selection by themselves.
  const selected = useMemo(() => keepSelectable(picked, selectable), [picked, selectable]);
  const count = selected.length;

  const withSelection = useCallback(
    (columns: DataTableColumn<T>[]) =>
      enabled
        ? [
            selectionColumn<T>({
              selected,
              selectable,
              rowKey,
              rowLabel: describe,
              onToggle: (id) => setPicked((p) => toggleOne(keepSelectable(p, selectable), id)),
              onToggleAll: () => setPicked((p) => toggleAll(keepSelectable(p, selectable), selectable)),
              disabled: running,
            }),
            ...columns,
          ]
        : columns,
    [enabled, selected, selectable, rowKey, describe, running],
  );

  const start = async (action: BulkAction, reason: string) => {
    const sent = (rows ?? [])
      .filter((row) => selected.includes(rowKey(row)))
      .map((row) => ({ id: rowKey(row), label: describe(row) }));
    setRun({ action, rows: sent, results: [], running: true });
    const results = await runInChunks(
      sent.map((r) => r.id),
      (ids) => sendBulk(kind, { action, ids, reason }),
      (so) => setRun((r) => r && { ...r, results: so }),
    );
    setRun((r) => r && { ...r, results, running: false });
    setPicked([]);
    await Promise.all(
      [...o.invalidate, systemKeys.counters()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };

  const needsReason = (action: BulkAction) => BULK_REASON_RULES[kind][action];
  const ask = async (action: BulkAction) => {
    if (needsReason(action)) return setAsking(action);
    if (await confirmAction({ message: approveQuestion(kind, count), confirmLabel: 'Approve' })) {
      await start(action, '');
    }
  };

  if (!enabled) return { withSelection, buttons: null, feedback: null };

  const buttons = (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" color="green" disabled={count === 0 || running} onClick={() => void ask('approve')}>
        Approve selected ({count})
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={count === 0 || running}
        onClick={() => void ask('reject')}
      >
        Reject selected ({count})
      </Button>
      {count > 0 && !running && (
        <Button size="xs" variant="subtle" onClick={() => setPicked([])}>
          Clear
        </Button>
      )}
      {count === 0 && !running && (
        <Text size="xs" c="dimmed" visibleFrom="md">
          Tick rows to approve or reject them together.
        </Text>
      )}
    </Group>
  );

  const reasonRule = asking ? needsReason(asking) : undefined;
  const feedback = (
    <>
      {(run || asking) && (
        <Stack gap={6}>
          {run?.running && <BulkProgress run={run} />}
          {run && !run.running && <BulkResults run={run} onClose={() => setRun(null)} />}
        </Stack>
      )}
      {asking && reasonRule && (
        <BulkReasonModal
          title={asking === 'reject' ? 'Reject selected' : 'Approve selected'}
          intro={`${asking === 'reject' ? 'Reject' : 'Approve'} ${rowsWord(kind, count)}. The same ${
            asking === 'reject' ? 'reason' : 'comment'
          } goes on each.`}
          label={asking === 'reject' ? 'Reason' : 'Comment'}
          required={reasonRule}
          confirmLabel={`${asking === 'reject' ? 'Reject' : 'Approve'} ${count}`}
          danger={asking === 'reject'}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => {
            setAsking(null);
            void start(asking, reason);
          }}
        />
      )}
    </>
  );
  return { withSelection, buttons, feedback };
}

/** The buttons, then the progress or results, in a row above a list's table. */
export function BulkBar<T>({ bulk }: { bulk: BulkActions<T> }) {
  if (!bulk.buttons) return null;
  return (
    <Stack gap={6}>
      {bulk.buttons}
      {bulk.feedback}
    </Stack>
  );
}
